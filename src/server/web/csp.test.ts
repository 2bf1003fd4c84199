// The Content-Security-Policy on the SPA and the API (decision 028).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { getTestContext, testConfig } from "../test/context";
import { blobStore } from "../storage/store";
import { contentSecurityPolicy } from "./csp";

function clientDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sb-csp-"));
  // The real page, with its entry script already built to a file as Vite does.
  const source = readFileSync(path.join(import.meta.dirname, "../../client/index.html"), "utf8");
  writeFileSync(path.join(dir, "index.html"), source.replace("./main.tsx", "/assets/index-abc.js"));
  return dir;
}

const directives = (header: string | null) =>
  Object.fromEntries(
    (header ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );

let ctx: Awaited<ReturnType<typeof getTestContext>>;
beforeAll(async () => {
  ctx = await getTestContext();
});

describe("Content-Security-Policy", () => {
  it("security #9: the page and the API carry a policy with no inline script and images only from us, data: and blob:", async () => {
    const config = testConfig({ POSTHOG_KEY: "phc_test", POSTHOG_HOST: "https://eu.i.posthog.com" });
    const app = createApp({ config, auth: ctx.services.auth, clientDir: clientDir() });
    const page = await app.request("/control-hub");
    const api = await app.request("/api/getUser");
    expect(api.status).toBe(401);
    for (const res of [page, api]) {
      const csp = directives(res.headers.get("content-security-policy"));
      expect(csp["default-src"]).toEqual(["'self'"]);
      expect(csp["script-src"]).toEqual(["'self'"]);
      expect(csp["img-src"]).toEqual(["'self'", "data:", "blob:"]);
      expect(csp["connect-src"]).toEqual(["'self'", "https://eu.i.posthog.com", "https://eu-assets.i.posthog.com"]);
      expect(csp["object-src"]).toEqual(["'none'"]);
      expect(csp["frame-ancestors"]).toEqual(["'none'"]);
      expect(csp["base-uri"]).toEqual(["'self'"]);
      expect(csp["form-action"]).toEqual(["'self'"]);
    }
    // Every script on the page is a file or a JSON data block: nothing the policy would have to allow inline.
    const html = await page.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBe(2);
    for (const [, attrs, body] of scripts)
      expect(/\bsrc=/.test(attrs!) ? body : /type="application\/json"/.test(attrs!) ? "" : body).toBe("");
    expect(html).toContain('"posthog":{"key":"phc_test"');
  });

  it("security #9: presigned S3 URLs and extra operator image sources are allowed where the browser uses them", () => {
    const s3 = {
      bucket: "files",
      region: "auto",
      endpoint: "https://acct.r2.cloudflarestorage.com",
      forcePathStyle: false,
    };
    const csp = directives(
      contentSecurityPolicy({ s3, posthogHost: null, extraImgSources: ["https://cdn.example.com"] }),
    );
    expect(csp["img-src"]).toEqual([
      "'self'",
      "data:",
      "blob:",
      "https://acct.r2.cloudflarestorage.com",
      "https://files.acct.r2.cloudflarestorage.com",
      "https://cdn.example.com",
    ]);
    expect(csp["connect-src"]).toEqual([
      "'self'",
      "https://acct.r2.cloudflarestorage.com",
      "https://files.acct.r2.cloudflarestorage.com",
    ]);
    const aws = directives(
      contentSecurityPolicy({
        s3: { bucket: "b", region: "eu-west-1", forcePathStyle: false },
        posthogHost: null,
        extraImgSources: [],
      }),
    );
    expect(aws["img-src"]).toContain("https://b.s3.eu-west-1.amazonaws.com");
    const minio = directives(
      contentSecurityPolicy({
        s3: { bucket: "b", region: "us-east-1", endpoint: "http://127.0.0.1:9000", forcePathStyle: true },
        posthogHost: null,
        extraImgSources: [],
      }),
    );
    expect(minio["img-src"]).toEqual(["'self'", "data:", "blob:", "http://127.0.0.1:9000"]);
  });

  it("security #9: CSP_IMG_SOURCES takes origins only, so it cannot smuggle in other directives", () => {
    expect(testConfig({ CSP_IMG_SOURCES: "https://cdn.example.com, https:" }).cspImgSources).toEqual([
      "https://cdn.example.com",
      "https:",
    ]);
    for (const bad of ["https://cdn.example.com; script-src *", "'unsafe-inline'", "*", "javascript:"]) {
      expect(() => testConfig({ CSP_IMG_SOURCES: bad }), bad).toThrow();
    }
  });

  it("security #9: a file download keeps the policy the store chose (sandbox, or none for a PDF Chrome must render)", async () => {
    const store = blobStore();
    const url = async (name: string, type: string) => {
      const key = `org/csp-test/uploads/${Date.now()}/${name}`;
      await store.put(key, new TextEncoder().encode("%PDF-1.4 or text"), type);
      return store.presignGet({ key, filename: name, disposition: "inline", expiresIn: 60 });
    };
    const text = await ctx.app.request(await url("a.txt", "text/plain"));
    expect(text.status).toBe(200);
    expect(text.headers.get("content-security-policy")).toMatch(/^sandbox/);
    const pdf = await ctx.app.request(await url("a.pdf", "application/pdf"));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-security-policy")).toBeNull();
  });
});
