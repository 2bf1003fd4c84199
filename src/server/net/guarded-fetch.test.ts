// The guarded client against real loopback servers: refused by default, opened by the allow-list,
// every redirect hop re-checked, the forbidden corpus refused, size and time capped, connections pinned.
import { lookup } from "node:dns/promises";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { fetch as undiciFetch } from "undici";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN_HOSTS } from "./forbidden-hosts.fixture";
import { guardedFetch, USER_AGENT } from "./guarded-fetch";
import {
  FORBIDDEN_ADDRESS_MESSAGE,
  OWN_ADDRESS_MESSAGE,
  setOutboundAllowList,
  setOwnListenPort,
} from "./outbound-guard";
import { createPinnedAgent } from "./pinned-dispatcher";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
interface TestServer {
  port: number;
  hits: IncomingMessage[];
  handle: (h: Handler) => void;
  server: Server;
}

async function startServer(host: string): Promise<TestServer> {
  const hits: IncomingMessage[] = [];
  let handler: Handler = (_req, res) => res.end("hello");
  const server = createServer((req, res) => {
    hits.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { port: (server.address() as AddressInfo).port, hits, handle: (h) => (handler = h), server };
}

let a: TestServer;
let b: TestServer;
let localhostAddress: string;

beforeAll(async () => {
  // The guard pins the first address "localhost" resolves to; serve there so allow-listing "localhost" reaches it.
  localhostAddress = (await lookup("localhost", { all: true, verbatim: true }))[0]!.address;
  a = await startServer(localhostAddress);
  b = await startServer("127.0.0.1");
});
afterAll(() => {
  a.server.closeAllConnections();
  b.server.closeAllConnections();
  a.server.close();
  b.server.close();
});
afterEach(() => {
  setOutboundAllowList([]);
  setOwnListenPort(null);
  a.hits.length = 0;
  b.hits.length = 0;
  a.handle((_req, res) => res.end("hello"));
  b.handle((_req, res) => res.end("hello"));
});

const refused = { code: "bad_request", message: expect.stringContaining(FORBIDDEN_ADDRESS_MESSAGE) };

describe("guardedFetch", () => {
  it("refuses a loopback server by default and never connects to it", async () => {
    await expect(guardedFetch(`http://127.0.0.1:${b.port}/`)).rejects.toMatchObject(refused);
    await expect(guardedFetch(`http://localhost:${a.port}/`)).rejects.toMatchObject(refused);
    expect(a.hits.length + b.hits.length).toBe(0);
  });

  it("reaches an allow-listed host, sending the SwitchboardBot user agent", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    const res = await guardedFetch(`http://127.0.0.1:${b.port}/path?q=1`);
    expect(res).toMatchObject({ status: 200, ok: true, redirected: false, url: `http://127.0.0.1:${b.port}/path?q=1` });
    expect(res.text()).toBe("hello");
    expect(b.hits[0]!.headers["user-agent"]).toBe(USER_AGENT);
  });

  it("refuses a redirect from an allowed host to a loopback address that is not allowed", async () => {
    setOutboundAllowList(["localhost"]);
    for (const to of [
      `http://127.0.0.1:${b.port}/`,
      `http://[::ffff:7f00:1]:${b.port}/`,
      `http://2130706433:${b.port}/`,
      "http://169.254.169.254/latest/meta-data/",
    ]) {
      a.handle((_req, res) => res.writeHead(302, { location: to }).end());
      await expect(guardedFetch(`http://localhost:${a.port}/start`), to).rejects.toMatchObject(refused);
    }
    expect(a.hits.length).toBe(4);
    expect(b.hits.length).toBe(0);
  });

  it("follows redirects within allowed hosts, re-checking each hop, up to the limit", async () => {
    setOutboundAllowList(["localhost"]);
    a.handle((req, res) => {
      const n = Number(req.url!.slice(1));
      if (n < 3) res.writeHead(301, { location: `/${n + 1}` }).end();
      else res.end(`arrived at ${n}`);
    });
    const res = await guardedFetch(`http://localhost:${a.port}/0`);
    expect(res).toMatchObject({ status: 200, redirected: true, url: `http://localhost:${a.port}/3` });
    expect(res.text()).toBe("arrived at 3");
    await expect(guardedFetch(`http://localhost:${a.port}/0`, { maxRedirects: 2 })).rejects.toMatchObject({
      message: "Too many redirects (more than 2)",
    });
  });

  it("turns a POST into a GET on 303 and drops credentials on a cross-origin redirect", async () => {
    setOutboundAllowList(["localhost", "127.0.0.1"]);
    a.handle((_req, res) => res.writeHead(303, { location: `http://127.0.0.1:${b.port}/next` }).end());
    const res = await guardedFetch(`http://user:p%40ss@localhost:${a.port}/form`, {
      method: "POST",
      body: "x=1",
      headers: { "content-type": "text/plain" },
    });
    expect(res.status).toBe(200);
    expect(a.hits[0]!.method).toBe("POST");
    expect(a.hits[0]!.headers.authorization).toBe("Basic " + Buffer.from("user:p@ss").toString("base64"));
    expect(b.hits[0]!.method).toBe("GET");
    expect(b.hits[0]!.headers.authorization).toBeUndefined();
    expect(b.hits[0]!.headers["content-type"]).toBeUndefined();
  });

  it.each(FORBIDDEN_HOSTS)("refuses http://%s/ (forbidden corpus)", async (host) => {
    const h = host.includes(":") && !host.startsWith("[") ? `[${host}]` : host;
    const attempt = guardedFetch(`http://${h}:${b.port}/`, { timeoutMs: 5000 });
    // Zone ids ("%25eth0") are not valid URLs at all; everything else is refused by the guard.
    if (host.includes("%"))
      await expect(attempt).rejects.toMatchObject({
        code: "bad_request",
        message: expect.stringMatching(/^Invalid URL/),
      });
    else await expect(attempt).rejects.toMatchObject(refused);
    expect(b.hits.length).toBe(0);
  });

  it("security #8: an allow-list entry with a port opens that port only", async () => {
    setOutboundAllowList([`127.0.0.1:${b.port}`]);
    expect((await guardedFetch(`http://127.0.0.1:${b.port}/`)).text()).toBe("hello");
    await expect(guardedFetch(`http://127.0.0.1:${b.port + 1}/`)).rejects.toMatchObject(refused);
    // A redirect to another port of the same host is re-checked against the port too.
    b.handle((_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${b.port + 1}/` }).end());
    await expect(guardedFetch(`http://127.0.0.1:${b.port}/`)).rejects.toMatchObject(refused);
  });

  it("security #8: a host-only entry does not open the server's own port; naming the port does", async () => {
    setOwnListenPort(b.port);
    setOutboundAllowList(["127.0.0.1", "localhost"]);
    for (const url of [`http://127.0.0.1:${b.port}/`, `http://localhost:${b.port}/`]) {
      await expect(guardedFetch(url), url).rejects.toMatchObject({
        code: "bad_request",
        message: expect.stringContaining(OWN_ADDRESS_MESSAGE),
      });
    }
    expect(b.hits.length).toBe(0);
    setOutboundAllowList(["127.0.0.1", `127.0.0.1:${b.port}`]);
    expect((await guardedFetch(`http://127.0.0.1:${b.port}/`)).status).toBe(200);
  });

  it("refuses schemes other than http and https", async () => {
    for (const url of ["file:///etc/passwd", "ftp://example.com/", "gopher://127.0.0.1:11211/", "data:text/plain,hi"]) {
      await expect(guardedFetch(url)).rejects.toMatchObject({
        code: "bad_request",
        message: expect.stringMatching(/^Only http and https URLs are allowed/),
      });
    }
  });

  it("fails when the response is larger than the size cap, with or without a length, and after decompression", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    b.handle((_req, res) => res.end(Buffer.alloc(6 * 1024 * 1024, 97)));
    await expect(guardedFetch(`http://127.0.0.1:${b.port}/`)).rejects.toMatchObject({
      message: "Response is larger than the 5 MB limit",
    });
    b.handle((_req, res) => {
      res.write(Buffer.alloc(800, 97));
      res.end(Buffer.alloc(800, 97));
    });
    await expect(guardedFetch(`http://127.0.0.1:${b.port}/`, { maxBytes: 1000 })).rejects.toMatchObject({
      message: "Response is larger than the 1000 bytes limit",
    });
    const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024));
    b.handle((_req, res) =>
      res.writeHead(200, { "content-encoding": "gzip", "content-length": bomb.length }).end(bomb),
    );
    expect(bomb.length).toBeLessThan(100_000);
    await expect(guardedFetch(`http://127.0.0.1:${b.port}/`)).rejects.toMatchObject({
      message: "Response is larger than the 5 MB limit",
    });
  });

  it("times out a server that never answers", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    b.handle(() => {});
    const started = Date.now();
    await expect(guardedFetch(`http://127.0.0.1:${b.port}/`, { timeoutMs: 300 })).rejects.toMatchObject({
      code: "bad_request",
      message: `Request to 127.0.0.1:${b.port} timed out after 0.3 s`,
    });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("times out a body that trickles past the deadline", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    b.handle((_req, res) => {
      res.write("first");
      setTimeout(() => res.end("late"), 1500).unref();
    });
    await expect(guardedFetch(`http://127.0.0.1:${b.port}/`, { timeoutMs: 300 })).rejects.toMatchObject({
      message: expect.stringContaining("timed out after 0.3 s"),
    });
  });

  it("reports a closed port as a connection failure", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    const closed = await startServer("127.0.0.1");
    closed.server.close();
    await expect(guardedFetch(`http://127.0.0.1:${closed.port}/`)).rejects.toMatchObject({
      message: `Could not connect to 127.0.0.1:${closed.port}: connection refused`,
    });
  });

  it("decodes the body by its declared charset", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    b.handle((_req, res) =>
      res
        .writeHead(200, { "content-type": "text/plain; charset=iso-8859-1" })
        .end(Buffer.from([0x63, 0x61, 0x66, 0xe9])),
    );
    expect((await guardedFetch(`http://127.0.0.1:${b.port}/`)).text()).toBe("café");
  });

  it("connects to the pinned address whatever the name resolves to, keeping the name as Host", async () => {
    // "rebind.invalid" has no DNS answer at all: reaching the server proves the socket used the pinned address.
    const agent = await createPinnedAgent({ host: "rebind.invalid", address: "127.0.0.1", family: 4 });
    try {
      const res = await undiciFetch(`http://rebind.invalid:${b.port}/`, { dispatcher: agent });
      expect(await res.text()).toBe("hello");
      expect(b.hits[0]!.headers.host).toBe(`rebind.invalid:${b.port}`);
    } finally {
      await agent.destroy();
    }
  });
});
