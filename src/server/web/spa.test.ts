// The runtime config written into index.html: what the client may know about the deployment.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { spaRoutes } from "./spa";
import { compressAssets } from "../../../scripts/compress-assets.mjs";

function clientDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sb-spa-"));
  writeFileSync(path.join(dir, "index.html"), "<html><head><title>Switchboard</title></head><body></body></html>");
  return dir;
}

async function injected(env: Record<string, string>) {
  const html = await (await spaRoutes(loadConfig(env), clientDir()).request("/control-hub/integrations")).text();
  const json = /<script type="application\/json" id="switchboard-config">(.*?)<\/script>/.exec(html)![1]!;
  return { html, runtime: JSON.parse(json) };
}

describe("index.html runtime config", () => {
  it("says whether Google sign-in is configured, never its client secret", async () => {
    expect((await injected({})).runtime.googleSignIn).toBe(false);
    const on = await injected({
      GOOGLE_CLIENT_ID: "client-id.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "very-secret-value",
    });
    expect(on.runtime.googleSignIn).toBe(true);
    expect(on.html).not.toContain("very-secret-value");
    expect(on.html).not.toContain("client-id.apps.googleusercontent.com");
  });
});

describe("compressed, cached delivery (issue 17 #17)", () => {
  function builtDir() {
    const dir = clientDir();
    mkdirSync(path.join(dir, "assets"));
    const js = `export const big = ${JSON.stringify("switchboard ".repeat(4000))};\n`;
    writeFileSync(path.join(dir, "assets", "index-abc123.js"), js);
    compressAssets(dir);
    return { dir, js };
  }

  it("hashed assets come precompressed (brotli, else gzip) and cached as immutable", async () => {
    const { dir, js } = builtDir();
    const app = spaRoutes(loadConfig({}), dir);
    const br = await app.request("/assets/index-abc123.js", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(br.headers.get("content-type")).toMatch(/javascript/);
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(brBody.length).toBeLessThan(js.length / 10);
    expect(brotliDecompressSync(brBody).toString()).toBe(js);

    const gz = await app.request("/assets/index-abc123.js", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(js);

    const plain = await app.request("/assets/index-abc123.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(js);
  });

  it("index.html is compressed too and revalidated on every visit", async () => {
    const { dir } = builtDir();
    const app = spaRoutes(loadConfig({}), dir);
    const res = await app.request("/chat", { headers: { "accept-encoding": "br" } });
    expect(res.headers.get("cache-control")).toBe("no-cache");
    expect(res.headers.get("content-encoding")).toBe("br");
    const html = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString();
    expect(html).toContain('id="switchboard-config"');
    const plain = await app.request("/chat");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(html);
  });
});
