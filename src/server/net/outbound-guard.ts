// Resolves a user-supplied host and port and returns the one address a connection may use (pinned),
// or refuses. HTTP fetches, database connections and SMTP from tools and integrations all call this.
import { lookup } from "node:dns/promises";
import os from "node:os";
import { AppError } from "../errors";
import { embeddedIPv4, FORBIDDEN_NAMES, ipLiteralBytes, isForbiddenAddress, normaliseHost } from "./address-policy";
import { allowListMatch, parseAllowEntry, type AllowEntry } from "./allow-list";

export const FORBIDDEN_ADDRESS_MESSAGE = "Connections to private, loopback or link-local addresses are not allowed";
export const OWN_ADDRESS_MESSAGE = "Connections to this server's own address are not allowed";

let allowEntries: readonly AllowEntry[] = [];
let ownPort: number | null = null;

/** Set from config at start: hosts (or host:port pairs) the operator explicitly opened, e.g. an internal database. */
export function setOutboundAllowList(hosts: readonly string[]) {
  allowEntries = hosts.map(parseAllowEntry);
}

/**
 * The port this server listens on. Its own API is never reached through a host-only allow-list entry
 * (OUTBOUND_ALLOW_HOSTS=127.0.0.1 must not open 127.0.0.1:PORT); only an entry naming that port does.
 */
export function setOwnListenPort(port: number | null) {
  ownPort = port;
}

export interface PinnedAddress {
  host: string;
  address: string;
  family: 4 | 6;
}

/** The port a URL connects to: its own, or its scheme's default. */
export const urlPort = (url: URL) => Number(url.port) || (url.protocol === "https:" ? 443 : 80);

const v4Key = (b: number[]) => b.join(".");

/**
 * Whether an address is this machine's: loopback, unspecified (0.0.0.0 and :: reach the local host),
 * any IPv6 form embedding one of those, or the address of a local interface. Whatever address the
 * server listens on is one of these, so a request there on its port would reach its own API.
 */
function isOwnAddress(address: string): boolean {
  const lit = ipLiteralBytes(address);
  if (!lit) return false;
  const v4s = lit.family === 4 ? [lit.bytes] : embeddedIPv4(lit.bytes);
  if (v4s.some((b) => b[0] === 127 || b[0] === 0)) return true;
  const mine = new Set<string>();
  for (const list of Object.values(os.networkInterfaces())) {
    for (const i of list ?? []) {
      const b = ipLiteralBytes(i.address.split("%")[0]!);
      if (b) mine.add(b.family === 4 ? v4Key(b.bytes) : b.bytes.join(":"));
    }
  }
  if (lit.family === 6 && mine.has(lit.bytes.join(":"))) return true;
  return v4s.some((b) => mine.has(v4Key(b)));
}

function refuseOwn(addresses: string[], port: number, match: "port" | "host" | null) {
  if (match !== "port" && port === ownPort && addresses.some(isOwnAddress))
    throw new AppError("bad_request", OWN_ADDRESS_MESSAGE);
}

export async function resolvePinned(rawHost: string, port: number): Promise<PinnedAddress> {
  const host = normaliseHost(rawHost);
  if (!host) throw new AppError("bad_request", "A host is required");
  const match = allowListMatch(host, port, allowEntries);
  const literal = ipLiteralBytes(host);
  if (literal) {
    const address = literal.family === 4 ? literal.bytes.join(".") : host.replace(/^\[|\]$/g, "");
    if (!match && isForbiddenAddress(host)) throw new AppError("bad_request", FORBIDDEN_ADDRESS_MESSAGE);
    refuseOwn([address], port, match);
    return { host, address, family: literal.family };
  }
  if (!match && FORBIDDEN_NAMES.some((re) => re.test(host)))
    throw new AppError("bad_request", FORBIDDEN_ADDRESS_MESSAGE);
  let results: Array<{ address: string; family: number }>;
  try {
    results = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new AppError("bad_request", `Could not resolve host ${host}`);
  }
  if (!results.length) throw new AppError("bad_request", `Could not resolve host ${host}`);
  // Every address must pass: a name that resolves to one public and one private address is refused.
  if (!match && results.some((r) => isForbiddenAddress(r.address)))
    throw new AppError("bad_request", FORBIDDEN_ADDRESS_MESSAGE);
  refuseOwn(
    results.map((r) => r.address),
    port,
    match,
  );
  const first = results[0]!;
  return { host, address: first.address, family: first.family === 6 ? 6 : 4 };
}
