// The load balancer of `npm run cluster`: Debian's haproxy, round robin, no stickiness, and timeouts
// that let a chat reply stream for as long as it lasts.
import { existsSync } from "node:fs";

/** haproxy's path (`HAPROXY` overrides), or null when it is not installed. */
export function findHaproxy(): string | null {
  const candidates = [process.env.HAPROXY, "/usr/sbin/haproxy", "/usr/local/sbin/haproxy", "/usr/bin/haproxy"];
  return candidates.find((p): p is string => !!p && existsSync(p)) ?? null;
}

export function haproxyConfig({
  port,
  host,
  replicas,
  maxconn = 8000,
}: {
  port: number;
  host: string;
  replicas: Array<{ name: string; port: number }>;
  maxconn?: number;
}): string {
  return `# Written by scripts/cluster (npm run cluster); regenerated at every start.
global
  # Two descriptors per proxied connection must fit in the process's open-file limit (ulimit -n).
  maxconn ${maxconn}

defaults
  mode http
  maxconn ${maxconn}
  # The replicas read the client's address from X-Forwarded-For (TRUST_PROXY=true).
  option forwardfor
  # Each request gets its own connection to a replica: no race with a replica closing an idle
  # keep-alive connection (Node's 5 s) just as the balancer reuses it.
  option http-server-close
  # A replica that refuses the connection (dead, restarting) is skipped: the request goes to the next
  # one. Only failed connections are retried, so a chat message is never sent twice.
  retries 3
  option redispatch 1
  timeout connect 2s
  timeout queue 30s
  timeout http-request 30s
  timeout http-keep-alive 60s
  # A chat reply is one long response that may be quiet for minutes (a slow tool, a thinking model):
  # the balancer must neither cut it nor buffer it (haproxy forwards each chunk as it arrives).
  timeout client 1h
  timeout server 1h
  timeout tunnel 1h

frontend switchboard
  bind ${host}:${port}
  default_backend replicas

backend replicas
  balance roundrobin
  # Which replica answered, for tests and for debugging a deployment.
  http-response set-header X-Served-By %[srv_name]
  default-server check inter 1s fall 2 rise 2
${replicas.map((r) => `  server ${r.name} 127.0.0.1:${r.port}`).join("\n")}
`;
}
