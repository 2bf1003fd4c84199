import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../test/context";
import { signUp, type Identity } from "../test/http";
import { LocalBlobStore } from "./local-store";
import { CHAT_MAX_UPLOAD_BYTES } from "../../shared/files/rules";

let ctx: TestContext;
let store: LocalBlobStore;
let user: Identity;

const orgKey = (name: string) => `org/blobtest/uploads/${crypto.randomUUID()}/${name}`;
const meta = { orgid: "blobtest", userid: "u1" };
const put = (url: string, init: RequestInit) => ctx.app.request(url, { method: "PUT", ...init });

/** A body of `total` bytes, generated in 1 MB chunks as it is read. */
function generatedBody(total: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(1024 * 1024).fill(97);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const n = Math.min(chunk.length, total - sent);
      controller.enqueue(chunk.subarray(0, n));
      sent += n;
    },
  });
}

beforeAll(async () => {
  ctx = await getTestContext();
  // The same signing key as the app's store: URLs from this instance are valid for the routes.
  store = new LocalBlobStore(ctx.config.dataDir, ctx.services.secrets.derive("blob-url"));
  user = await signUp(ctx.app, "blob");
});

async function presigned(key: string, contentType = "text/plain") {
  return store.presignPut({ key, contentType, maxBytes: CHAT_MAX_UPLOAD_BYTES, metadata: meta });
}

describe("local presigned upload (API-14)", () => {
  it("[API-14] needs no session: the signed URL alone stores the bytes", async () => {
    const key = orgKey("a.txt");
    const { url, headers } = await presigned(key);
    const res = await put(url, { headers, body: "hello" });
    expect(res.status).toBe(200);
    expect(new TextDecoder().decode((await store.get(key))!.bytes)).toBe("hello");
    expect(await store.head(key)).toEqual({ contentType: "text/plain", size: 5 });
    // …and a session does not replace the signature.
    const unsigned = await put(`/api/blob/upload?key=${encodeURIComponent(orgKey("b.txt"))}`, {
      headers: { ...headers, authorization: `Bearer ${user.token}` },
      body: "x",
    });
    expect(unsigned.status).toBe(403);
  });

  it("[API-14] a tampered signature, key, type, size limit or expiry is refused with 403", async () => {
    const key = orgKey("a.txt");
    const { url, headers } = await presigned(key);
    const u = new URL(url, "http://x");
    const variants: Array<(q: URLSearchParams) => void> = [
      (q) =>
        q.set(
          "sig",
          q.get("sig")!.replace(/^./, (ch) => (ch === "A" ? "B" : "A")),
        ),
      (q) => q.delete("sig"),
      (q) => q.set("key", orgKey("other.txt")),
      (q) => q.set("type", "text/html"),
      (q) => q.set("max", String(10 * CHAT_MAX_UPLOAD_BYTES)),
      (q) => q.set("exp", String(Number(q.get("exp")) + 3600)),
      (q) => q.set("meta-orgid", "someone-else"),
      (q) => q.append("key", orgKey("dup.txt")),
    ];
    for (const change of variants) {
      const q = new URLSearchParams(u.searchParams);
      change(q);
      const res = await put(`${u.pathname}?${q}`, { headers, body: "tampered" });
      expect(res.status, q.toString()).toBe(403);
    }
    expect(await store.exists(key)).toBe(false);
  });

  it("[API-14] a Content-Type other than the signed one is refused with 403", async () => {
    const key = orgKey("a.txt");
    const { url, headers } = await presigned(key);
    const res = await put(url, {
      headers: { ...headers, "Content-Type": "text/html" },
      body: "<script>alert(1)</script>",
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatch(/Content-Type/);
    expect(await store.exists(key)).toBe(false);
    // Parameters such as charset do not change the type.
    const ok = await put(url, { headers: { ...headers, "Content-Type": "text/plain; charset=utf-8" }, body: "fine" });
    expect(ok.status).toBe(200);
  });

  it("[API-14] the org and user metadata headers must match the signed ones", async () => {
    const key = orgKey("a.txt");
    const { url, headers } = await presigned(key);
    const forged = await put(url, { headers: { ...headers, "x-amz-meta-orgid": "other-org" }, body: "x" });
    expect(forged.status).toBe(403);
    const missing = await put(url, { headers: { "Content-Type": "text/plain" }, body: "x" });
    expect(missing.status).toBe(403);
  });

  it("[API-14] an expired upload URL is refused with 403", async () => {
    const past = new LocalBlobStore(
      ctx.config.dataDir,
      ctx.services.secrets.derive("blob-url"),
      () => Date.now() - 16 * 60 * 1000,
    );
    const key = orgKey("late.txt");
    const { url, headers } = await past.presignPut({ key, contentType: "text/plain", maxBytes: 100, metadata: meta });
    const res = await put(url, { headers, body: "late" });
    expect(res.status).toBe(403);
    expect((await res.json()).error).toBe("This link has expired");
  });

  it("a URL signed with another key (another server's secret) is refused", async () => {
    const foreign = new LocalBlobStore(ctx.config.dataDir, Buffer.alloc(32, 7));
    const { url, headers } = await foreign.presignPut({
      key: orgKey("f.txt"),
      contentType: "text/plain",
      maxBytes: 100,
      metadata: meta,
    });
    expect((await put(url, { headers, body: "x" })).status).toBe(403);
  });

  it("[FILE-19] a streamed body over 50 MB is cut off with 413 and nothing is stored", async () => {
    const key = orgKey("big.txt");
    const { url, headers } = await presigned(key);
    const res = await put(url, {
      headers,
      body: generatedBody(CHAT_MAX_UPLOAD_BYTES + 1024 * 1024),
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).error).toBe("File is too large. Maximum file size is 50MB.");
    expect(await store.exists(key)).toBe(false);
    const folder = path.join(ctx.config.dataDir, "files", ...key.split("/").slice(0, -1));
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });

  it("[FILE-19] a body of exactly 50 MB is accepted (the limit is inclusive), past the app's 1 MB JSON limit", async () => {
    const key = orgKey("max.txt");
    const { url, headers } = await presigned(key);
    const res = await put(url, { headers, body: generatedBody(CHAT_MAX_UPLOAD_BYTES), duplex: "half" } as RequestInit);
    expect(res.status).toBe(200);
    expect((await store.head(key))?.size).toBe(CHAT_MAX_UPLOAD_BYTES);
    await store.delete(key);
  });

  it("[FILE-19] a declared Content-Length over the limit is refused before reading", async () => {
    const key = orgKey("declared.txt");
    const { url, headers } = await store.presignPut({ key, contentType: "text/plain", maxBytes: 10, metadata: meta });
    const res = await put(url, { headers: { ...headers, "content-length": "11" }, body: "01234567890" });
    expect(res.status).toBe(413);
  });

  it("keys that could climb out of the files folder are never signed", async () => {
    for (const key of ["../secret.key", "org/a/../../x", "org//x", "/abs", "org/a/b\\c"]) {
      await expect(store.presignPut({ key, contentType: "text/plain", maxBytes: 1, metadata: {} })).rejects.toThrow(
        /Invalid object key/,
      );
    }
  });
});

describe("local signed download (API-16)", () => {
  async function stored(name: string, type: string, body: string) {
    const key = orgKey(name);
    await store.put(key, new TextEncoder().encode(body), type);
    return key;
  }

  it("[API-16] a download URL works without a session and only until it expires", async () => {
    const key = await stored("a.txt", "text/plain", "content");
    const url = await store.presignGet({ key, filename: "a.txt", disposition: "attachment", expiresIn: 300 });
    expect((await ctx.app.request(url)).status).toBe(200);
    const past = new LocalBlobStore(
      ctx.config.dataDir,
      ctx.services.secrets.derive("blob-url"),
      () => Date.now() - 10 * 60 * 1000,
    );
    const expired = await past.presignGet({ key, filename: "a.txt", disposition: "attachment", expiresIn: 300 });
    const res = await ctx.app.request(expired);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain("content");
  });

  it("[API-16] a tampered download URL is 403: another key, another name, inline instead of attachment", async () => {
    const key = await stored("a.txt", "text/plain", "private");
    const other = await stored("b.txt", "text/plain", "other");
    const url = new URL(
      await store.presignGet({ key, filename: "a.txt", disposition: "attachment", expiresIn: 300 }),
      "http://x",
    );
    for (const [name, value] of [
      ["key", other],
      ["name", "evil.html"],
      ["disp", "inline"],
    ]) {
      const q = new URLSearchParams(url.searchParams);
      q.set(name!, value!);
      expect((await ctx.app.request(`${url.pathname}?${q}`)).status).toBe(403);
    }
  });

  it("an upload URL's signature does not work as a download (the method is signed)", async () => {
    const key = await stored("a.txt", "text/plain", "x");
    const { url } = await presigned(key);
    const q = new URL(url, "http://x").searchParams;
    const res = await ctx.app.request(`/api/blob/download?${q}`);
    expect(res.status).toBe(403);
  });

  it("HTML is never served inline, and nothing from the store may run script", async () => {
    const key = await stored("page.html", "text/html", "<script>alert(document.cookie)</script>");
    const res = await ctx.app.request(
      await store.presignGet({ key, filename: "page.html", disposition: "inline", expiresIn: 60 }),
    );
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="page.html"/);
    expect(res.headers.get("content-security-policy")).toMatch(/^sandbox/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const svg = await stored(
      "logo.svg",
      "image/svg+xml",
      "<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>",
    );
    const svgRes = await ctx.app.request(
      await store.presignGet({ key: svg, filename: "logo.svg", disposition: "inline", expiresIn: 60 }),
    );
    expect(svgRes.headers.get("content-disposition")).toMatch(/^attachment/);
    expect(svgRes.headers.get("content-security-policy")).toMatch(/^sandbox/);
  });

  it("a file name outside ASCII is sent in both Content-Disposition forms", async () => {
    const key = await stored("r.txt", "text/plain", "x");
    const res = await ctx.app.request(
      await store.presignGet({ key, filename: 'résumé "final".txt', disposition: "attachment", expiresIn: 60 }),
    );
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="r_sum_ _final_.txt"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%22final%22.txt`,
    );
  });

  it("a deleted file is 404 even with a valid URL", async () => {
    const key = await stored("gone.txt", "text/plain", "x");
    const url = await store.presignGet({ key, disposition: "attachment", expiresIn: 60 });
    await store.delete(key);
    expect((await ctx.app.request(url)).status).toBe(404);
  });
});

describe("signed URLs cannot be re-read as other parameters (security #1)", () => {
  const stored = async (name: string, body: string, type = "text/plain") => {
    const key = orgKey(name);
    await store.put(key, new TextEncoder().encode(body), type);
    return key;
  };

  it("security #1: a file name holding newlines cannot move the signature onto another key or a later expiry", async () => {
    const own = await stored("own.txt", "own file");
    const victim = await stored("victim.txt", "victim-secret");
    // The review's rewrite: the signed name smuggles exp and key lines; the forged query re-splits them.
    const url = new URL(
      await store.presignGet({
        key: own,
        filename: `X\nexp=9999999999\nkey=${victim}`,
        disposition: "attachment",
        expiresIn: 300,
      }),
      "http://x",
    );
    const q = url.searchParams;
    const forged = new URLSearchParams();
    forged.append(`disp=attachment\nexp=${q.get("exp")}\nkey`, `${own}\nname=X`);
    forged.append("exp", "9999999999");
    forged.append("key", victim);
    forged.append("sig", q.get("sig")!);
    const res = await ctx.app.request(`${url.pathname}?${forged}`);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain("victim-secret");
    // The honest URL still works and names the file as asked (on one line).
    const honest = await ctx.app.request(url.pathname + url.search);
    expect(honest.status).toBe(200);
    expect(await honest.text()).toBe("own file");
  });

  it("security #1: a correctly signed URL that would live past the 15-minute cap is refused", async () => {
    const key = await stored("future.txt", "from the future");
    const future = new LocalBlobStore(
      ctx.config.dataDir,
      ctx.services.secrets.derive("blob-url"),
      () => Date.now() + 10 * 365 * 86400 * 1000,
    );
    const url = await future.presignGet({ key, filename: "future.txt", disposition: "attachment", expiresIn: 300 });
    const res = await ctx.app.request(url);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain("from the future");
    const { url: upload, headers } = await future.presignPut({
      key: orgKey("later.txt"),
      contentType: "text/plain",
      maxBytes: 10,
      metadata: meta,
    });
    expect((await put(upload, { headers, body: "x" })).status).toBe(403);
  });

  it("security #1: no download URL is signed for longer than 15 minutes", async () => {
    const key = await stored("long.txt", "x");
    for (const expiresIn of [15 * 60 + 1, 9999999999, 0, -5, 1.5]) {
      await expect(store.presignGet({ key, disposition: "attachment", expiresIn })).rejects.toThrow(RangeError);
    }
    expect(
      (await ctx.app.request(await store.presignGet({ key, disposition: "attachment", expiresIn: 15 * 60 }))).status,
    ).toBe(200);
  });

  it("a parameter added to a valid URL, or given twice, is refused (guards security #1; held before the fix too)", async () => {
    const key = await stored("extra.txt", "x");
    const url = await store.presignGet({ key, filename: "extra.txt", disposition: "attachment", expiresIn: 60 });
    for (const extra of ["&x=1", "&disp=inline", `&key=${encodeURIComponent(key)}`, "&name=other.txt", "&sig=AAAA"]) {
      expect((await ctx.app.request(url + extra)).status, extra).toBe(403);
    }
  });

  it("a file name with newlines, quotes, backslashes and unicode downloads with a one-line Content-Disposition that round-trips (guards security #1)", async () => {
    const key = await stored("odd.txt", "odd body");
    const filename = 'Q3 "final"\r\nSet-Cookie: a=b\\; résumé 日本 ☃.txt';
    const res = await ctx.app.request(
      await store.presignGet({ key, filename, disposition: "attachment", expiresIn: 60 }),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("odd body");
    const header = res.headers.get("content-disposition")!;
    expect(res.headers.get("set-cookie")).toBeNull();
    expect(header).toMatch(
      /^attachment; filename="[\x20-\x21\x23-\x5b\x5d-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%!._~-]+$/,
    );
    expect(decodeURIComponent(header.split("filename*=UTF-8''")[1]!)).toBe(filename);
  });
});
