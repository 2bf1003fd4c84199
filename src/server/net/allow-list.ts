// The operator's OUTBOUND_ALLOW_HOSTS: entries are `host` (every port of that host, except this
// server's own port) or `host:port` (that port only; `[v6]:port` for IPv6). A host is matched as
// written after normalising case and a trailing dot: an entry for 127.0.0.1 does not open other
// spellings such as [::ffff:127.0.0.1] or localhost.
import { normaliseHost } from "./address-policy";

export interface AllowEntry {
  host: string;
  /** Absent: every port. */
  port?: number;
}

const validPort = (raw: string) => {
  const n = /^\d{1,5}$/.test(raw) ? Number(raw) : NaN;
  return n >= 1 && n <= 65535 ? n : null;
};

/** Parses one entry; throws (stopping the server at start) on an empty host or a port that is not 1–65535. */
export function parseAllowEntry(raw: string): AllowEntry {
  const entry = normaliseHost(raw);
  const bracketed = /^\[([^\]]+)\](?::(.*))?$/.exec(entry);
  let host: string;
  let port: string | undefined;
  if (bracketed) [, host, port] = bracketed as unknown as [string, string, string | undefined];
  else if (entry.split(":").length === 2) [host, port] = entry.split(":") as [string, string];
  else host = entry; // a name, an IPv4 address or a bare IPv6 address: every port
  host = normaliseHost(host);
  if (!host || /[[\]\s/@]/.test(host)) throw new Error(`OUTBOUND_ALLOW_HOSTS: "${raw}" names no host`);
  if (port === undefined) return { host };
  const n = validPort(port);
  if (n === null)
    throw new Error(`OUTBOUND_ALLOW_HOSTS: "${raw}" has an invalid port (use host:port with a port from 1 to 65535)`);
  return { host, port: n };
}

/** How an allow-list opens host:port: "port" when an entry names that port, "host" when a host-only entry does. */
export function allowListMatch(host: string, port: number, entries: readonly AllowEntry[]): "port" | "host" | null {
  const h = normaliseHost(host).replace(/^\[|\]$/g, "");
  let match: "host" | null = null;
  for (const e of entries) {
    if (e.host !== h) continue;
    if (e.port === port) return "port";
    if (e.port === undefined) match = "host";
  }
  return match;
}
