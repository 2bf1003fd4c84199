// How long the server keeps an idle keep-alive connection (decision 138). Node's default is 5 s, shorter than
// the idle time of most clients and load balancers that do not read the `Keep-Alive: timeout` hint (60 s is
// common: nginx, cloud load balancers): one reuses an idle connection in the instant the server closes it and
// the request fails with ECONNRESET. The server's side must outlast theirs, as load balancers' guides ask.
import type { Server } from "node:http";

export const KEEP_ALIVE_MS = 65_000;

export function keepConnectionsAlive(server: Pick<Server, "keepAliveTimeout">): void {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
}
