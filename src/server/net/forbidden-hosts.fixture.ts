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
  // names
  "localhost", "LOCALHOST", "app.localhost", "metadata.google.internal", "metadata", "printer.local",
];
