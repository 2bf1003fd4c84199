// The outbound guard's address rules against a corpus of forbidden hosts in many spellings.
import os from "node:os";
import { describe, expect, it } from "vitest";
import { ipLiteralBytes, isForbiddenAddress, parseIPv4Loose } from "./address-policy";
import { afterEach } from "vitest";
import { parseAllowEntry } from "./allow-list";
import {
  resolvePinned,
  setOutboundAllowList,
  setOwnListenPort,
  FORBIDDEN_ADDRESS_MESSAGE,
  OWN_ADDRESS_MESSAGE,
} from "./outbound-guard";
import { ALLOW_LIST_PORT_CASES, FORBIDDEN_HOSTS, OWN_PORT, PUBLIC_EMBEDDED_HOSTS } from "./forbidden-hosts.fixture";

// The corpus lives in its own module so other tests (guarded-fetch) can import it without re-running these.
export { FORBIDDEN_HOSTS };

afterEach(() => {
  setOutboundAllowList([]);
  setOwnListenPort(null);
});

describe("outbound address policy", () => {
  it("has a corpus of at least 100 forbidden hosts", () => {
    expect(new Set(FORBIDDEN_HOSTS).size).toBeGreaterThanOrEqual(100);
  });

  it("parses the loose IPv4 spellings like inet_aton", () => {
    expect(parseIPv4Loose("127.1")).toEqual([127, 0, 0, 1]);
    expect(parseIPv4Loose("0x7f.0.0.1")).toEqual([127, 0, 0, 1]);
    expect(parseIPv4Loose("017700000001")).toEqual([127, 0, 0, 1]);
    expect(parseIPv4Loose("2130706433")).toEqual([127, 0, 0, 1]);
    expect(parseIPv4Loose("10.1.65535")).toEqual([10, 1, 255, 255]);
    expect(parseIPv4Loose("256.0.0.1")).toBeNull();
    expect(parseIPv4Loose("1.2.3.4.5")).toBeNull();
    expect(parseIPv4Loose("example.com")).toBeNull();
  });

  it.each(FORBIDDEN_HOSTS)("refuses %s", async (host) => {
    await expect(resolvePinned(host, 80)).rejects.toThrow(FORBIDDEN_ADDRESS_MESSAGE);
  });

  it("security #6: an IPv6 form embedding a public IPv4 address is judged by that address, and passes", async () => {
    for (const host of PUBLIC_EMBEDDED_HOSTS) {
      expect(isForbiddenAddress(host), host).toBe(false);
      expect((await resolvePinned(host, 443)).address).toBe(host);
    }
  });

  it("security #6: the IPv4-translated, NAT64, 6to4 and Teredo forms of 127.0.0.1 are refused", async () => {
    for (const host of [
      "::ffff:0:127.0.0.1",
      "64:ff9b::127.0.0.1",
      "2002:7f00:1::",
      "2001:0:4136:e378:8000:63bf:80ff:fffe",
    ]) {
      expect(isForbiddenAddress(host), host).toBe(true);
    }
  });

  it("allows public addresses, and pins them", async () => {
    for (const host of ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "93.184.215.14", "[2001:4860:4860::8888]"]) {
      expect(isForbiddenAddress(host.replace(/^\[|\]$/g, "")), host).toBe(false);
      const pinned = await resolvePinned(host, 443);
      expect(pinned.address.length).toBeGreaterThan(0);
    }
    expect((await resolvePinned("0x08080808", 80)).address).toBe("8.8.8.8");
  });

  it("an operator allow-list opens named hosts only", async () => {
    setOutboundAllowList(["127.0.0.1", "localhost"]);
    expect((await resolvePinned("127.0.0.1", 8080)).address).toBe("127.0.0.1");
    expect((await resolvePinned("localhost", 8080)).address).toMatch(/^(127\.0\.0\.1|::1)$/);
    await expect(resolvePinned("10.0.0.1", 8080)).rejects.toThrow(FORBIDDEN_ADDRESS_MESSAGE);
    await expect(resolvePinned("127.0.0.2", 8080)).rejects.toThrow(FORBIDDEN_ADDRESS_MESSAGE);
  });

  it.each(ALLOW_LIST_PORT_CASES)("security #8: allow-list %j, %s port %i → %s", async (list, host, port, expected) => {
    setOutboundAllowList(list);
    setOwnListenPort(OWN_PORT);
    const attempt = resolvePinned(host, port);
    if (expected === "allowed") await expect(attempt).resolves.toMatchObject({ host: host.toLowerCase() });
    else await expect(attempt).rejects.toThrow(expected === "own" ? OWN_ADDRESS_MESSAGE : FORBIDDEN_ADDRESS_MESSAGE);
  });

  it("security #8: the server's own port on a local interface address is refused, even for a public address", async () => {
    setOwnListenPort(OWN_PORT);
    const nonLoopback = Object.values(os.networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal && i.family === "IPv4");
    for (const i of nonLoopback) {
      setOutboundAllowList([i!.address]);
      await expect(resolvePinned(i!.address, OWN_PORT)).rejects.toThrow(OWN_ADDRESS_MESSAGE);
      expect((await resolvePinned(i!.address, OWN_PORT + 1)).address).toBe(i!.address);
    }
    // Outside the own port, loopback stays refused by the address rule alone.
    await expect(resolvePinned("127.0.0.1", OWN_PORT)).rejects.toThrow(FORBIDDEN_ADDRESS_MESSAGE);
  });

  it("security #8: allow-list entries take host:port and [IPv6]:port, and refuse malformed ports", () => {
    expect(parseAllowEntry("DB.Internal.:5432")).toEqual({ host: "db.internal", port: 5432 });
    expect(parseAllowEntry("[::1]:8080")).toEqual({ host: "::1", port: 8080 });
    expect(parseAllowEntry("[::1]")).toEqual({ host: "::1" });
    expect(parseAllowEntry("fd00::5")).toEqual({ host: "fd00::5" });
    expect(parseAllowEntry("127.0.0.1")).toEqual({ host: "127.0.0.1" });
    for (const bad of ["127.0.0.1:", "127.0.0.1:0", "127.0.0.1:65536", "host:abc", "[::1]:x", ":80", "[]:80"]) {
      expect(() => parseAllowEntry(bad), bad).toThrow(/OUTBOUND_ALLOW_HOSTS/);
    }
  });

  it("recognises IP literals and leaves names to DNS", () => {
    expect(ipLiteralBytes("example.com")).toBeNull();
    expect(ipLiteralBytes("[::1]")?.family).toBe(6);
    expect(ipLiteralBytes("1.2.3.4")?.family).toBe(4);
  });
});
