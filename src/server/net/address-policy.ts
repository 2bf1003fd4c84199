// Which addresses user- or model-supplied URLs may reach. Loopback, private, link-local, CGNAT,
// unique-local, multicast, reserved and cloud-metadata addresses are refused in every spelling
// (decimal, hex, octal, short forms), and every IPv6 form that embeds an IPv4 address is judged by the
// address it embeds (mapped, translated, compatible, NAT64, 6to4, Teredo, ISATAP). An operator
// allow-list opens hosts, or single ports of hosts (allow-list.ts).
import { isIP } from "node:net";

/** Parses the IPv4 spellings `inet_aton` accepts: 127.1, 0x7f.0.0.1, 017700000001, 2130706433… */
export function parseIPv4Loose(host: string): number[] | null {
  const parts = host.split(".");
  if (parts.length < 1 || parts.length > 4 || parts.some((p) => p === "")) return null;
  const nums: number[] = [];
  for (const p of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(p)) n = p.length === 2 ? 0 : parseInt(p.slice(2), 16);
    else if (/^0[0-7]+$/.test(p)) n = parseInt(p, 8);
    else if (/^(0|[1-9][0-9]*)$/.test(p)) n = parseInt(p, 10);
    else return null;
    if (!Number.isFinite(n)) return null;
    nums.push(n);
  }
  const last = nums.pop()!;
  if (nums.some((n) => n > 255)) return null;
  const max = 2 ** (8 * (4 - nums.length));
  if (last >= max) return null;
  const bytes = [...nums];
  for (let i = 4 - nums.length - 1; i >= 0; i--) bytes.push(Math.floor(last / 2 ** (8 * i)) % 256);
  return bytes;
}

function ipv6ToBytes(addr: string): number[] | null {
  let a = addr
    .replace(/^\[|\]$/g, "")
    .split("%")[0]!
    .toLowerCase();
  // Embedded dotted IPv4 tail (::ffff:127.0.0.1).
  const tail = a.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (tail) {
    const v4 = parseIPv4Loose(tail[1]!);
    if (!v4) return null;
    a =
      a.slice(0, -tail[1]!.length) +
      ((v4[0]! << 8) | v4[1]!).toString(16) +
      ":" +
      ((v4[2]! << 8) | v4[3]!).toString(16);
  }
  const halves = a.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return null;
  const groups = [...head, ...Array(fill).fill("0"), ...rest];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.flatMap((g) => {
    const n = parseInt(g, 16);
    return [n >> 8, n & 255];
  });
}

const inV4 = (b: number[], net: number[], bits: number) => {
  for (let i = 0; i < 4; i++) {
    const take = Math.max(0, Math.min(8, bits - i * 8));
    const mask = take === 0 ? 0 : (0xff << (8 - take)) & 0xff;
    if ((b[i]! & mask) !== (net[i]! & mask)) return false;
  }
  return true;
};

const FORBIDDEN_V4: Array<[number[], number]> = [
  [[0, 0, 0, 0], 8], // "this network"
  [[10, 0, 0, 0], 8],
  [[100, 64, 0, 0], 10], // CGNAT
  [[127, 0, 0, 0], 8],
  [[169, 254, 0, 0], 16], // link-local, cloud metadata
  [[172, 16, 0, 0], 12],
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay
  [[192, 168, 0, 0], 16],
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24],
  [[203, 0, 113, 0], 24],
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast
];

export function isForbiddenIPv4(bytes: number[]): boolean {
  return FORBIDDEN_V4.some(([net, bits]) => inV4(bytes, net, bits));
}

const zeros = (b: number[], from: number, to: number) => b.slice(from, to).every((x) => x === 0);
const v4At = (b: number[], at: number) => b.slice(at, at + 4);

/**
 * The IPv4 addresses an IPv6 address carries, for every form that routes to or stands for one: mapped
 * (::ffff:a.b.c.d), translated (::ffff:0:a.b.c.d, RFC 6145), compatible (::a.b.c.d), NAT64 (64:ff9b::/96,
 * RFC 6052), 6to4 (2002::/16), Teredo (2001::/32: server, and the client XOR 0xffffffff) and an ISATAP
 * interface id (…:0:5efe:a.b.c.d). Empty when the address embeds none.
 */
export function embeddedIPv4(b: number[]): number[][] {
  if (zeros(b, 0, 10) && b[10] === 0xff && b[11] === 0xff) return [v4At(b, 12)]; // mapped
  if (zeros(b, 0, 8) && b[8] === 0xff && b[9] === 0xff && zeros(b, 10, 12)) return [v4At(b, 12)]; // translated
  if (zeros(b, 0, 12)) return [v4At(b, 12)]; // compatible (and :: / ::1, which land in 0.0.0.0/8)
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(b, 4, 12)) return [v4At(b, 12)]; // NAT64
  if (b[0] === 0x20 && b[1] === 0x02) return [v4At(b, 2)]; // 6to4
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) return [v4At(b, 4), v4At(b, 12).map((x) => x ^ 0xff)]; // Teredo
  if ((b[8]! & 0xfd) === 0 && b[9] === 0 && b[10] === 0x5e && b[11] === 0xfe) return [v4At(b, 12)]; // ISATAP
  return [];
}

export function isForbiddenIPv6(bytes: number[]): boolean {
  const embedded = embeddedIPv4(bytes);
  // Judged by the IPv4 address it embeds: any embedded private/loopback address refuses the whole.
  if (embedded.length) return embedded.some(isForbiddenIPv4);
  if (bytes[0] === 0) return true; // the rest of ::/8 (reserved), incl. local-use NAT64 64:ff9b:1::/48
  if ((bytes[0]! & 0xfe) === 0xfc) return true; // fc00::/7 unique local
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0x80) return true; // fe80::/10 link-local
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0xc0) return true; // fec0::/10 site-local
  if (bytes[0] === 0xff) return true; // multicast
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0x0d && bytes[3] === 0xb8) return true; // documentation
  if (bytes[0] === 0x01 && zeros(bytes, 1, 8)) return true; // 100::/64 discard-only
  return false;
}

/** An IP literal in any spelling, as bytes; null when `host` is a name to resolve. */
export function ipLiteralBytes(host: string): { family: 4 | 6; bytes: number[] } | null {
  const h = host.replace(/^\[|\]$/g, "");
  if (h.includes(":")) {
    const b = ipv6ToBytes(h);
    return b ? { family: 6, bytes: b } : null;
  }
  if (/^[0-9a-fx.]+$/i.test(h) && /^[0-9]/.test(h)) {
    const b = parseIPv4Loose(h);
    return b ? { family: 4, bytes: b } : null;
  }
  return null;
}

export function isForbiddenAddress(address: string): boolean {
  const lit = ipLiteralBytes(address);
  if (!lit) return isIP(address) !== 0; // unparseable IP literals are refused
  return lit.family === 4 ? isForbiddenIPv4(lit.bytes) : isForbiddenIPv6(lit.bytes);
}

/** Hosts that are names of this machine or of cloud metadata services, whatever they resolve to. */
export const FORBIDDEN_NAMES = [
  /^localhost$/i,
  /\.localhost$/i,
  /^metadata\.google\.internal$/i,
  /^metadata$/i,
  /\.internal$/i,
  /\.local$/i,
];

export function normaliseHost(host: string): string {
  return host.trim().replace(/\.$/, "").toLowerCase();
}
