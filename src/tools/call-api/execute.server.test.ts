// call_api against a real loopback API, opened through the operator allow-list.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN_ADDRESS_MESSAGE, setOutboundAllowList } from "../../server/net/outbound-guard";
import type { ToolContext } from "../executor.server";
import { callApi } from "./definition";
import { CALL_API_MAX_CHARS, execute } from "./execute.server";

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}
const seen: Seen[] = [];
const server = createServer(async (req, res) => {
  let body = "";
  for await (const chunk of req) body += chunk;
  seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
  if (req.url === "/missing")
    return res.writeHead(404, { "content-type": "application/json" }).end('{"error":"no such item"}');
  if (req.url === "/big") return res.end("y".repeat(CALL_API_MAX_CHARS + 5));
  res
    .writeHead(200, { "content-type": "application/json", "set-cookie": "session=secret", "x-request-id": "r-1" })
    .end(JSON.stringify({ ok: true, method: req.method }));
});
let base = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
afterEach(() => {
  setOutboundAllowList([]);
  seen.length = 0;
});

const ctx = { abortSignal: new AbortController().signal } as ToolContext;
const call = (args: Record<string, unknown>) => execute(callApi.input.parse(args), ctx);

describe("call_api", () => {
  it("[TOOL-14] GET sends params as the query string and returns the body with the status code", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    const result = await call({
      endpoint_url: `${base}/items?sort=asc`,
      request_type: "GET",
      params: { q: "tide table", tags: ["a", "b"], filter: { min: 2 }, skip: null },
    });
    expect(result).toMatchObject({ status: "success", content: '{"ok":true,"method":"GET"}', statusCode: 200 });
    expect(result.headers).toMatchObject({ "content-type": "application/json", "x-request-id": "r-1" });
    expect(result.headers).not.toHaveProperty("set-cookie");
    const url = new URL(seen[0]!.url, base);
    expect(url.searchParams.get("sort")).toBe("asc");
    expect(url.searchParams.get("q")).toBe("tide table");
    expect(url.searchParams.getAll("tags")).toEqual(["a", "b"]);
    expect(url.searchParams.get("filter")).toBe('{"min":2}');
    expect(url.searchParams.has("skip")).toBe(false);
    expect(seen[0]!.headers["user-agent"]).toBe("SwitchboardBot/1.0");
  });

  it("[TOOL-14] POST and PUT send params as a JSON body; DELETE as the query string", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    for (const request_type of ["POST", "PUT"] as const) {
      await call({ endpoint_url: `${base}/items`, request_type, params: { name: "Buoy", depth: 4.5 } });
    }
    await call({ endpoint_url: `${base}/items`, request_type: "DELETE", params: { id: 7 } });
    expect(seen.map((s) => [s.method, s.url, s.body, s.headers["content-type"]])).toEqual([
      ["POST", "/items", '{"name":"Buoy","depth":4.5}', "application/json"],
      ["PUT", "/items", '{"name":"Buoy","depth":4.5}', "application/json"],
      ["DELETE", "/items?id=7", "", undefined],
    ]);
  });

  it("an HTTP error status is returned with its body so the model can read why", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    expect(await call({ endpoint_url: `${base}/missing`, request_type: "GET" })).toMatchObject({
      status: "success",
      statusCode: 404,
      content: '{"error":"no such item"}',
    });
  });

  it("cuts a very long body with a note", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    const result = await call({ endpoint_url: `${base}/big`, request_type: "GET" });
    expect(result.content).toMatch(/\n\n\[Truncated: 5 more characters\]$/);
  });

  it("security #6: the IPv4-translated and NAT64 forms of 127.0.0.1 are refused without any request, even with 127.0.0.1 allow-listed", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    const port = new URL(base).port;
    for (const host of ["[::ffff:0:127.0.0.1]", "[64:ff9b::7f00:1]", "[2002:7f00:1::]"]) {
      expect(await call({ endpoint_url: `http://${host}:${port}/items`, request_type: "GET" }), host).toMatchObject({
        status: "error",
        error: expect.stringContaining(`Error calling API: ${FORBIDDEN_ADDRESS_MESSAGE}`),
      });
    }
    expect(seen).toEqual([]);
  });

  it('[TOOLCARD-39] a private address is refused as "Error calling API: ..." without any request', async () => {
    expect(await call({ endpoint_url: `${base}/items`, request_type: "POST", params: { a: 1 } })).toEqual({
      status: "error",
      error: `Error calling API: ${FORBIDDEN_ADDRESS_MESSAGE} (127.0.0.1)`,
    });
    expect(
      await call({ endpoint_url: "http://[::ffff:169.254.169.254]/latest/meta-data/", request_type: "GET" }),
    ).toMatchObject({
      status: "error",
      error: expect.stringMatching(/^Error calling API: Connections to private/),
    });
    expect(seen).toEqual([]);
  });

  it('[TOOLCARD-39] a transport failure is "Error calling API: ..."', async () => {
    setOutboundAllowList(["127.0.0.1"]);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await call({ endpoint_url: `http://127.0.0.1:${port}/`, request_type: "GET" })).toEqual({
      status: "error",
      error: `Error calling API: Could not connect to 127.0.0.1:${port}: connection refused`,
    });
    expect(await call({ endpoint_url: "http://127.0.0.1:25/", request_type: "GET" })).toEqual({
      status: "error",
      error: "Error calling API: Port 25 is not allowed",
    });
  });
});
