// scrape_url against a real loopback site, opened through the operator allow-list.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FORBIDDEN_ADDRESS_MESSAGE, setOutboundAllowList } from "../../server/net/outbound-guard";
import type { ToolContext } from "../executor.server";
import { scrapeUrl } from "./definition";
import { execute, SCRAPE_MAX_CHARS } from "./execute.server";

const ARTICLE = `<!doctype html><html><head><title>Tide tables | Harbour News</title></head><body>
<nav><a href="/">Home</a> <a href="/sections/weather">Weather</a> Site navigation</nav>
<main><article><h1>Spring tides expected this weekend</h1>
<p>${"The harbour master warned that spring tides will peak on Saturday morning, with water levels well above the usual mark. ".repeat(6)}</p>
<p>Read the <a href="/tides/2025.html">full tide table</a> or the <a href="https://example.org/coast">coastal guide</a>.
<img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==" alt="inline chart"> <img src="/img/harbour.jpg" alt="harbour"></p>
<p>${"Boat owners should check their moorings and keep clear of the sea wall during high water. ".repeat(6)}</p>
</article></main><footer>Copyright Harbour News <a href="/privacy">Privacy</a></footer><script>window.tracking = true</script></body></html>`;

const pages: Record<string, (res: ServerResponse) => void> = {
  "/article": (res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(ARTICLE),
  "/moved": (res) => res.writeHead(301, { location: "/article" }).end(),
  "/notes.txt": (res) => res.writeHead(200, { "content-type": "text/plain" }).end("just some notes"),
  "/data.json": (res) => res.writeHead(200, { "content-type": "application/json" }).end('{"tide":4.2}'),
  "/report.pdf": (res) => res.writeHead(200, { "content-type": "application/pdf" }).end("%PDF-1.7"),
  "/huge.txt": (res) => res.writeHead(200, { "content-type": "text/plain" }).end("x".repeat(SCRAPE_MAX_CHARS + 10)),
};

let base = "";
const server = createServer((req: IncomingMessage, res: ServerResponse) =>
  (pages[req.url!] ?? ((r) => r.writeHead(404, "Not Found").end("nope")))(res),
);
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
afterEach(() => setOutboundAllowList([]));

const ctx = { abortSignal: new AbortController().signal } as ToolContext;
const scrape = (args: Record<string, unknown>) => execute(scrapeUrl.input.parse(args), ctx);

describe("scrape_url", () => {
  it("[TOOL-10] by default returns the main content as markdown, without navigation, footer or inline base64 images", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    const result = await scrape({ url: `${base}/article` });
    expect(result).toMatchObject({ status: "success", title: "Tide tables | Harbour News", url: `${base}/article` });
    const md = result.content as string;
    expect(result.markdown).toBe(md);
    expect(md).toContain("Spring tides expected this weekend");
    expect(md).toContain(`[full tide table](${base}/tides/2025.html)`);
    expect(md).toContain(`![harbour](${base}/img/harbour.jpg)`);
    expect(md).not.toMatch(/Site navigation|Copyright|tracking|data:image/);
    expect(result).not.toHaveProperty("html");
    expect(result).not.toHaveProperty("links");
  });

  it("[TOOL-10] returns html and links when asked, and the whole page when onlyMainContent is false", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    const result = await scrape({
      url: `${base}/article`,
      formats: ["html", "links"],
      onlyMainContent: false,
      removeBase64Images: false,
    });
    expect(result.status).toBe("success");
    expect(result.content).toBe(result.html);
    expect(result.html).toContain("Site navigation");
    expect(result.html).toContain("Copyright Harbour News");
    expect(result.html).toContain("data:image/png;base64");
    expect(result.html).not.toContain("window.tracking");
    expect(result.links).toEqual([
      `${base}/`,
      `${base}/sections/weather`,
      `${base}/tides/2025.html`,
      "https://example.org/coast",
      `${base}/privacy`,
    ]);
    expect(result).not.toHaveProperty("markdown");
  });

  it("follows a redirect and reports the final url", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    expect(await scrape({ url: `${base}/moved` })).toMatchObject({ status: "success", url: `${base}/article` });
  });

  it("returns plain text and JSON as they are", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    expect(await scrape({ url: `${base}/notes.txt` })).toMatchObject({
      status: "success",
      content: "just some notes",
      markdown: "just some notes",
    });
    expect(await scrape({ url: `${base}/data.json` })).toMatchObject({
      status: "success",
      content: '{"tide":4.2}',
      contentType: "application/json",
    });
  });

  it("cuts very long content with a note", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    const result = await scrape({ url: `${base}/huge.txt` });
    expect(result.content).toMatch(/\n\n\[Truncated: 10 more characters\]$/);
  });

  it("security #6: the IPv4-translated and Teredo forms of 127.0.0.1 are refused, even with 127.0.0.1 allow-listed", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    const port = new URL(base).port;
    for (const host of ["[::ffff:0:127.0.0.1]", "[2001:0:4136:e378:8000:63bf:80ff:fffe]"]) {
      expect(await scrape({ url: `http://${host}:${port}/article` }), host).toMatchObject({
        status: "error",
        error: expect.stringContaining(FORBIDDEN_ADDRESS_MESSAGE),
      });
    }
  });

  it('[TOOLCARD-29] a private address is refused as an error result "Failed to read content from {host}"', async () => {
    const result = await scrape({ url: `${base}/article` });
    expect(result).toEqual({
      status: "error",
      error: `Failed to read content from 127.0.0.1: ${FORBIDDEN_ADDRESS_MESSAGE} (127.0.0.1)`,
    });
    expect(await scrape({ url: "http://169.254.169.254/latest/meta-data/" })).toMatchObject({
      status: "error",
      error: expect.stringMatching(/^Failed to read content from 169\.254\.169\.254: Connections to private/),
    });
  });

  it("[TOOLCARD-29] an HTTP error or an unreadable type is an error result", async () => {
    setOutboundAllowList(["127.0.0.1"]);
    expect(await scrape({ url: `${base}/missing` })).toEqual({
      status: "error",
      error: "Failed to read content from 127.0.0.1: HTTP 404 Not Found",
    });
    expect(await scrape({ url: `${base}/report.pdf` })).toEqual({
      status: "error",
      error: "Failed to read content from 127.0.0.1: unsupported content type application/pdf",
    });
  });
});
