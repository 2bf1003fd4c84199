// Decision 138: an idle keep-alive connection outlasts Node's 5 s default, so a client that reuses it later does
// not race the server's close (ECONNRESET).
import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { KEEP_ALIVE_MS, keepConnectionsAlive } from "./keep-alive";

const get = (port: number, agent: Agent) =>
  new Promise<number>((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });

// No database involved: run once, in the PGlite project, not again in the PostgreSQL one (it waits 6 s).
describe.runIf(process.env.TEST_DB !== "postgres")("keep-alive (decision 138)", () => {
  it("keeps an idle connection past Node's 5 s default: the next request reuses it", async () => {
    const server = createServer((_req, res) => res.end("ok"));
    keepConnectionsAlive(server);
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    let connections = 0;
    server.on("connection", () => connections++);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    // A client that ignores the Keep-Alive hint and keeps its sockets as long as it likes.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(port, agent)).toBe(200);
      await new Promise((r) => setTimeout(r, 6_000));
      expect(await get(port, agent)).toBe(200);
      expect(connections).toBe(1);
    } finally {
      agent.destroy();
      server.closeAllConnections();
      server.close();
    }
  }, 20_000);
});
