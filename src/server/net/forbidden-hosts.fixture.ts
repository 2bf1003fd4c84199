// Test corpus: hosts the outbound guard must refuse, in many spellings (address-policy and guarded-fetch tests).
export const FORBIDDEN_HOSTS = [
  // loopback in every IPv4 spelling
  "127.0.0.1", "127.1", "127.0.1", "127.255.255.254", "2130706433", "0x7f000001", "0x7f.0.0.1", "0177.0.0.1", "017700000001",
  "0x7f.1", "127.000.000.001", "0", "0.0.0.0", "0x0", "00",
  // private ranges
  "10.0.0.1", "10.255.255.255", "012.0.0.1", "0xa.0.0.1", "167772161", "172.16.0.1", "172.31.255.254", "0xac100001", "192.168.0.1",
  "192.168.1.254", "3232235777", "0xc0a80001", "0300.0250.0.1",
  // link-local and metadata
  "169.254.169.254", "169.254.0.1", "0xa9fea9fe", "2852039166", "0251.0376.0251.0376", "169.254.170.2",
  // CGNAT, benchmarking, documentation, multicast, reserved, broadcast
  "100.64.0.1", "100.127.255.254", "198.18.0.1", "198.19.255.255", "192.0.2.10", "198.51.100.7", "203.0.113.9", "192.0.0.170",
  "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
  // IPv6 loopback, unspecified, mapped, compatible, NAT64, 6to4, unique-local, link-local, site-local, multicast
  "::1", "[::1]", "0:0:0:0:0:0:0:1", "::", "::ffff:127.0.0.1", "[::ffff:7f00:1]", "::ffff:169.254.169.254", "::ffff:a9fe:a9fe",
  "::127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "2002:7f00:1::", "2002:a9fe:a9fe::1", "fc00::1", "fd12:3456:789a::1",
  "fe80::1", "[fe80::1%25eth0]", "fec0::1", "ff02::1", "2001:db8::1",
  // security #6: every IPv6 form that embeds an IPv4 address, judged by the address it embeds.
  // IPv4-translated ::ffff:0:0/96 (RFC 6145), in several spellings
  "::ffff:0:127.0.0.1", "[::ffff:0:7f00:1]", "0:0:0:0:ffff:0:7f00:1", "::ffff:0:10.0.0.1", "::ffff:0:169.254.169.254", "::ffff:0:0:0",
  // IPv4-mapped and IPv4-compatible, other spellings
  "0:0:0:0:0:ffff:127.0.0.1", "::ffff:0.0.0.0", "::ffff:192.168.1.1", "::10.0.0.1", "::169.254.169.254", "::7f00:1", "::100.64.0.1",
  // NAT64: well-known 64:ff9b::/96 (RFC 6052) and local-use 64:ff9b:1::/48 (RFC 8215), anywhere in it
  "64:ff9b::127.0.0.1", "64:ff9b::10.1.2.3", "64:ff9b::c0a8:1", "64:ff9b:1::7f00:1", "64:ff9b:1:7f00:1::", "64:ff9b:1::8.8.8.8",
  // 6to4 2002::/16 (the IPv4 address is the next 32 bits)
  "2002:7f00:0001::1", "2002:0a00:0001::", "2002:c0a8:0101::1", "2002:6440:1::", "[2002:a9fe:a9fe:1::]",
  // Teredo 2001::/32: server address, then the client address XOR 0xffffffff in the last 32 bits
  "2001:0:4136:e378:8000:63bf:80ff:fffe", "2001::80ff:fffe", "2001:0:4136:e378::3f57:fffe", "2001:0:4136:e378:8000:63bf:5601:5601", "2001:0:7f00:1::f7f7:f7f7",
  // ISATAP interface ids (…:0:5efe:a.b.c.d and …:200:5efe:a.b.c.d) under a public prefix
  "2600::5efe:127.0.0.1", "2600:1::200:5efe:a00:1",
  // the rest of ::/8 and the discard prefix
  "::1:0:0:1", "100::1",
  // names
  "localhost", "LOCALHOST", "app.localhost", "metadata.google.internal", "metadata", "printer.local",
];

/** IPv6 addresses embedding a public IPv4 address: the embedded address's class decides, so these pass. */
export const PUBLIC_EMBEDDED_HOSTS = ["::ffff:0:8.8.8.8", "::ffff:8.8.8.8", "64:ff9b::8.8.8.8", "2002:0808:0808::1", "2001:0:4136:e378:8000:63bf:f7f7:f7f7", "2600::5efe:8.8.4.4"];

/** The port the outbound guard treats as this server's own in the allow-list cases. */
export const OWN_PORT = 3999;

/**
 * security #8: OUTBOUND_ALLOW_HOSTS with ports. [allow-list, host, port, expected]: "allowed", or
 * "forbidden"/"own" for the guard's two refusals.
 */
export const ALLOW_LIST_PORT_CASES: Array<[string[], string, number, "allowed" | "forbidden" | "own"]> = [
  [["127.0.0.1:8080"], "127.0.0.1", 8080, "allowed"],
  [["127.0.0.1:8080"], "127.0.0.1", 8081, "forbidden"],
  [["127.0.0.1:8080"], "127.0.0.1", 80, "forbidden"],
  [["127.0.0.1:8080"], "[::ffff:7f00:1]", 8080, "forbidden"],
  [["127.0.0.1:8080"], "[::ffff:0:7f00:1]", 8080, "forbidden"],
  [["localhost:5432"], "localhost", 5432, "allowed"],
  [["localhost:5432"], "localhost", 5433, "forbidden"],
  [["[::1]:8080"], "[::1]", 8080, "allowed"],
  [["[::1]:8080"], "::1", 8081, "forbidden"],
  [["::1"], "[::1]", 9000, "allowed"],
  [["10.0.0.5:5432", "10.0.0.6"], "10.0.0.5", 5432, "allowed"],
  [["10.0.0.5:5432", "10.0.0.6"], "10.0.0.5", 22, "forbidden"],
  [["10.0.0.5:5432", "10.0.0.6"], "10.0.0.6", 22, "allowed"],
  // the server's own port: a host-only entry never opens it, an entry naming the port does
  [["127.0.0.1"], "127.0.0.1", OWN_PORT, "own"],
  [["127.0.0.1"], "127.0.0.1", OWN_PORT + 1, "allowed"],
  [["localhost"], "localhost", OWN_PORT, "own"],
  [["0.0.0.0"], "0.0.0.0", OWN_PORT, "own"],
  [["::1"], "[::1]", OWN_PORT, "own"],
  [["127.0.0.2"], "127.0.0.2", OWN_PORT, "own"],
  [["127.0.0.1", `127.0.0.1:${OWN_PORT}`], "127.0.0.1", OWN_PORT, "allowed"],
  [[`localhost:${OWN_PORT}`], "localhost", OWN_PORT, "allowed"],
  [[`127.0.0.1:${OWN_PORT}`], "localhost", OWN_PORT, "forbidden"],
];
