// The outbound guard's address rules against a corpus of forbidden hosts in many spellings.
import { describe, expect, it } from "vitest";
import { ipLiteralBytes, isForbiddenAddress, parseIPv4Loose } from "./address-policy";
import { resolvePinned, setOutboundAllowList, FORBIDDEN_ADDRESS_MESSAGE } from "./outbound-guard";
import { FORBIDDEN_HOSTS } from "./forbidden-hosts.fixture";

// The corpus lives in its own module so other tests (guarded-fetch) can import it without re-running these.
export { FORBIDDEN_HOSTS };

describe("outbound address policy", () => {
  it("has a corpus of at least 60 forbidden hosts", () => {
    expect(new Set(FORBIDDEN_HOSTS).size).toBeGreaterThanOrEqual(60);
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
    await expect(resolvePinned(host)).rejects.toThrow(FORBIDDEN_ADDRESS_MESSAGE);
  });

  it("allows public addresses, and pins them", async () => {
    for (const host of ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "93.184.215.14", "[2001:4860:4860::8888]"]) {
      expect(isForbiddenAddress(host.replace(/^\[|\]$/g, "")), host).toBe(false);
      const pinned = await resolvePinned(host);
      expect(pinned.address.length).toBeGreaterThan(0);
    }
    expect((await resolvePinned("0x08080808")).address).toBe("8.8.8.8");
  });

  it("an operator allow-list opens named hosts only", async () => {
    setOutboundAllowList(["127.0.0.1", "localhost"]);
    try {
      expect((await resolvePinned("127.0.0.1")).address).toBe("127.0.0.1");
      expect((await resolvePinned("localhost")).address).toMatch(/^(127\.0\.0\.1|::1)$/);
      await expect(resolvePinned("10.0.0.1")).rejects.toThrow(FORBIDDEN_ADDRESS_MESSAGE);
      await expect(resolvePinned("127.0.0.2")).rejects.toThrow(FORBIDDEN_ADDRESS_MESSAGE);
    } finally {
      setOutboundAllowList([]);
    }
  });

  it("recognises IP literals and leaves names to DNS", () => {
    expect(ipLiteralBytes("example.com")).toBeNull();
    expect(ipLiteralBytes("[::1]")?.family).toBe(6);
    expect(ipLiteralBytes("1.2.3.4")?.family).toBe(4);
  });
});
