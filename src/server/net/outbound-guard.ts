// Resolves a user-supplied host and returns the one address a connection may use (pinned), or
// refuses. HTTP fetches, database connections and SMTP from tools and integrations all call this.
import { lookup } from "node:dns/promises";
import { AppError } from "../errors";
import { FORBIDDEN_NAMES, ipLiteralBytes, isAllowListed, isForbiddenAddress, normaliseHost } from "./address-policy";

export const FORBIDDEN_ADDRESS_MESSAGE = "Connections to private, loopback or link-local addresses are not allowed";

let allowHosts: readonly string[] = [];

/** Set from config at start: hosts the operator explicitly opened (e.g. an internal database). */
export function setOutboundAllowList(hosts: readonly string[]) {
  allowHosts = hosts;
}

export interface PinnedAddress {
  host: string;
  address: string;
  family: 4 | 6;
}

export async function resolvePinned(rawHost: string): Promise<PinnedAddress> {
  const host = normaliseHost(rawHost);
  if (!host) throw new AppError("bad_request", "A host is required");
  const allowed = isAllowListed(host, allowHosts);
  const literal = ipLiteralBytes(host);
  if (literal) {
    const address = literal.family === 4 ? literal.bytes.join(".") : host.replace(/^\[|\]$/g, "");
    if (!allowed && isForbiddenAddress(host)) throw new AppError("bad_request", FORBIDDEN_ADDRESS_MESSAGE);
    return { host, address, family: literal.family };
  }
  if (!allowed && FORBIDDEN_NAMES.some((re) => re.test(host))) throw new AppError("bad_request", FORBIDDEN_ADDRESS_MESSAGE);
  let results: Array<{ address: string; family: number }>;
  try {
    results = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new AppError("bad_request", `Could not resolve host ${host}`);
  }
  if (!results.length) throw new AppError("bad_request", `Could not resolve host ${host}`);
  // Every address must pass: a name that resolves to one public and one private address is refused.
  if (!allowed && results.some((r) => isForbiddenAddress(r.address))) throw new AppError("bad_request", FORBIDDEN_ADDRESS_MESSAGE);
  const first = results[0]!;
  return { host, address: first.address, family: first.family === 6 ? 6 : 4 };
}
