// The streaming guarded client against real loopback servers: refused by default, opened by the
// allow-list, redirects re-checked hop by hop, and the body handed over while it is still arriving.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { guardedStreamFetch } from "./guarded-stream-fetch";
import {
  FORBIDDEN_ADDRESS_MESSAGE,
  OWN_ADDRESS_MESSAGE,
  setOutboundAllowList,
  setOwnListenPort,
} from "./outbound-guard";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
let server: Server;
let port: number;
let handler: Handler;
const hits: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
afterEach(() => {
  setOutboundAllowList([]);
  setOwnListenPort(null);
  hits.length = 0;
});

describe("guardedStreamFetch", () => {
  it("refuses a loopback server by default without connecting", async () => {
    handler = (_req, res) => res.end("hi");
    await expect(guardedStreamFetch(`http://127.0.0.1:${port}/`)).rejects.toThrow(FORBIDDEN_ADDRESS_MESSAGE);
    await expect(guardedStreamFetch(`http://0x7f000001:${port}/`)).rejects.toThrow(FORBIDDEN_ADDRESS_MESSAGE);
    expect(hits).toHaveLength(0);
  });

  it("security #6: refuses the IPv6 forms that embed 127.0.0.1, even with 127.0.0.1 allow-listed", async () => {
    handler = (_req, res) => res.end("hi");
    setOutboundAllowList(["127.0.0.1"]);
    for (const host of [
      "[::ffff:0:127.0.0.1]",
      "[64:ff9b::127.0.0.1]",
      "[2002:7f00:1::]",
      "[2001:0:4136:e378:8000:63bf:80ff:fffe]",
      "[::127.0.0.1]",
    ]) {
      await expect(guardedStreamFetch(`http://${host}:${port}/`), host).rejects.toThrow(FORBIDDEN_ADDRESS_MESSAGE);
    }
    expect(hits).toHaveLength(0);
  });

  it("security #8: ports in the allow-list, and the server's own port closed to a host-only entry", async () => {
    handler = (_req, res) => res.end("hi");
    setOutboundAllowList([`127.0.0.1:${port + 1}`]);
    await expect(guardedStreamFetch(`http://127.0.0.1:${port}/`)).rejects.toThrow(FORBIDDEN_ADDRESS_MESSAGE);
    setOwnListenPort(port);
    setOutboundAllowList(["127.0.0.1"]);
    await expect(guardedStreamFetch(`http://127.0.0.1:${port}/`)).rejects.toThrow(OWN_ADDRESS_MESSAGE);
    expect(hits).toHaveLength(0);
    setOutboundAllowList([`127.0.0.1:${port}`]);
    expect(await (await guardedStreamFetch(`http://127.0.0.1:${port}/`)).text()).toBe("hi");
  });

  it("streams the body of an allowed host as it arrives, sending method, headers and body", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    let finish!: () => void;
    handler = (req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: first\n\n");
      finish = () => res.end("data: last\n\n");
      req.resume();
    };
    const res = await guardedStreamFetch(`http://127.0.0.1:${port}/v1/chat`, {
      method: "POST",
      headers: { authorization: "Bearer k" },
      body: JSON.stringify({ a: 1 }),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: first\n\n");
    finish();
    let rest = "";
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    expect(rest).toBe("data: last\n\n");
    expect(hits[0]!.method).toBe("POST");
    expect(hits[0]!.headers.authorization).toBe("Bearer k");
  });

  it("re-checks every redirect hop", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    handler = (req, res) => {
      if (req.url === "/start") res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      else if (req.url === "/hop") res.writeHead(307, { location: "/end" }).end();
      else res.end(`at ${req.url} ${req.method}`);
    };
    await expect(guardedStreamFetch(`http://127.0.0.1:${port}/start`)).rejects.toThrow(FORBIDDEN_ADDRESS_MESSAGE);
    const res = await guardedStreamFetch(`http://127.0.0.1:${port}/hop`, { method: "POST", body: "x" });
    expect(await res.text()).toBe("at /end POST");
  });

  it("keeps the connection to an approved address alive from one request to the next, and still checks each request (decision 112)", async () => {
    // A server of its own: the pool's connections to it are this test's only.
    const sockets: unknown[] = [];
    const own = createServer((req, res) => {
      sockets.push(req.socket);
      res.end("ok");
    });
    await new Promise<void>((resolve) => own.listen(0, "127.0.0.1", resolve));
    const ownPort = (own.address() as AddressInfo).port;
    try {
      setOutboundAllowList([`127.0.0.1:${ownPort}`]);
      for (let i = 0; i < 3; i++) {
        expect(await (await guardedStreamFetch(`http://127.0.0.1:${ownPort}/`)).text()).toBe("ok");
        // (as chats come: the socket is back in the pool once the response has ended)
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(sockets).toHaveLength(3);
      expect(new Set(sockets).size).toBe(1);
      // An open connection is no approval: the next request is checked again, and refused.
      setOutboundAllowList([]);
      await expect(guardedStreamFetch(`http://127.0.0.1:${ownPort}/`)).rejects.toThrow(FORBIDDEN_ADDRESS_MESSAGE);
      expect(sockets).toHaveLength(3);
    } finally {
      own.closeAllConnections();
      own.close();
    }
  });

  it("keeps an idle provider connection past undici's 4 s default when the server sends no keep-alive hint (a chat after a pause)", async () => {
    const sockets: unknown[] = [];
    const own = createServer((req, res) => {
      sockets.push(req.socket);
      res.end("ok");
    });
    // No server-side idle timeout and so no `Keep-Alive: timeout` hint: the client's own default decides.
    own.keepAliveTimeout = 0;
    await new Promise<void>((resolve) => own.listen(0, "127.0.0.1", resolve));
    const ownPort = (own.address() as AddressInfo).port;
    try {
      setOutboundAllowList([`127.0.0.1:${ownPort}`]);
      expect(await (await guardedStreamFetch(`http://127.0.0.1:${ownPort}/`)).text()).toBe("ok");
      await new Promise((r) => setTimeout(r, 6_000));
      expect(await (await guardedStreamFetch(`http://127.0.0.1:${ownPort}/`)).text()).toBe("ok");
      expect(sockets).toHaveLength(2);
      expect(new Set(sockets).size).toBe(1);
    } finally {
      own.closeAllConnections();
      own.close();
    }
  }, 15_000);
});
