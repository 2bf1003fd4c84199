// The S3 path against s3rver on loopback. s3rver checks no signatures, so this proves compatibility
// (URLs, headers, metadata, expiry, the API flow); refusing tampered URLs is proven on the local store.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HeadObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { getTestContext, type TestContext } from "../test/context";
import { call } from "../test/http";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { getFileByKey } from "../files/queries";
import { presign, putFile, signedDownload, uploadFile } from "../files/test-support";
import { loadAttachmentForModel } from "../files/attachments";
import { makeDocx } from "../files/test-documents";
import { loadS3Config, type S3Config } from "./s3-config";
import { S3BlobStore } from "./s3-store";
import { createBlobStore, setBlobStore } from "./store";
import type { BlobStore } from "./blob-store";

const BUCKET = "switchboard-test";
let server: S3rver;
let config: S3Config;
let store: S3BlobStore;
let ctx: TestContext;
let f: TenancyFixture;
let previous: BlobStore | null = null;

beforeAll(async () => {
  server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(os.tmpdir(), "sb-s3rver-")),
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  config = loadS3Config({
    S3_BUCKET: BUCKET,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  })!;
  store = new S3BlobStore(config);
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
});

afterAll(async () => {
  if (previous) setBlobStore(previous);
  await server?.close();
});

const key = (name: string) => `org/s3test/uploads/${crypto.randomUUID()}/${name}`;

describe("S3 configuration", () => {
  it("S3_BUCKET chooses S3; without it the local store is used", () => {
    expect(loadS3Config({})).toBeNull();
    expect(config).toMatchObject({ bucket: BUCKET, forcePathStyle: true, credentials: { accessKeyId: "S3RVER" } });
    expect(
      createBlobStore({ dataDir: os.tmpdir(), signingKey: Buffer.alloc(32), env: { S3_BUCKET: BUCKET } }).kind,
    ).toBe("s3");
    expect(createBlobStore({ dataDir: os.tmpdir(), signingKey: Buffer.alloc(32), env: {} }).kind).toBe("local");
  });

  it("half a key pair or a malformed endpoint is a start-up error", () => {
    expect(() => loadS3Config({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" })).toThrow(/set together/);
    expect(() => loadS3Config({ S3_BUCKET: "b", S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT must be a URL/);
  });
});

describe("S3 presigned URLs against s3rver (API-14, API-16)", () => {
  it("[API-14] a presigned PUT with the returned headers stores the object with its type and metadata", async () => {
    const k = key("notes.txt");
    const put = await store.presignPut({
      key: k,
      contentType: "text/plain",
      maxBytes: 1024,
      metadata: { orgid: "s3test", userid: "u1" },
    });
    expect(put.url).toMatch(new RegExp(`^${config.endpoint}/${BUCKET}/org/s3test/uploads/`));
    expect(put.url).toContain("X-Amz-Signature=");
    expect(new URL(put.url).searchParams.get("X-Amz-SignedHeaders")).toBe(
      "content-type;host;x-amz-meta-orgid;x-amz-meta-userid",
    );
    expect(put.headers).toEqual({
      "Content-Type": "text/plain",
      "x-amz-meta-orgid": "s3test",
      "x-amz-meta-userid": "u1",
    });
    const res = await fetch(put.url, { method: "PUT", headers: put.headers, body: "hello from s3" });
    expect(res.status).toBe(200);

    expect(await store.head(k)).toEqual({ contentType: "text/plain", size: 13 });
    const object = await store.get(k);
    expect(new TextDecoder().decode(object!.bytes)).toBe("hello from s3");
    const client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: true,
      credentials: config.credentials,
    });
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: k }));
    expect(head.Metadata).toEqual({ orgid: "s3test", userid: "u1" });
  });

  it("an announced size is signed into the upload URL", async () => {
    const put = await store.presignPut({
      key: key("sized.txt"),
      contentType: "text/plain",
      maxBytes: 1024,
      metadata: {},
      size: 5,
    });
    expect(new URL(put.url).searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host");
    expect((await fetch(put.url, { method: "PUT", headers: put.headers, body: "12345" })).status).toBe(200);
  });

  it("[API-16] a presigned GET downloads with the requested disposition; HTML is never inline", async () => {
    const k = key("report.txt");
    await store.put(k, new TextEncoder().encode("report body"), "text/plain");
    const res = await fetch(
      await store.presignGet({ key: k, filename: "report.txt", disposition: "attachment", expiresIn: 60 }),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("report body");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="report.txt"; filename*=UTF-8''report.txt`,
    );

    const h = key("page.html");
    await store.put(h, new TextEncoder().encode("<script>x</script>"), "text/html");
    const page = await fetch(
      await store.presignGet({ key: h, filename: "page.html", disposition: "inline", expiresIn: 60 }),
    );
    expect(page.headers.get("content-disposition")).toMatch(/^attachment/);
  });

  it("security #1: a presigned GET is never signed for longer than 15 minutes", async () => {
    const k = key("long.txt");
    for (const expiresIn of [15 * 60 + 1, 7 * 86400, 0]) {
      await expect(store.presignGet({ key: k, disposition: "attachment", expiresIn })).rejects.toThrow(RangeError);
    }
  });

  it("a file name with newlines, quotes and unicode reaches the bucket's Content-Disposition on one line and round-trips (guards security #1)", async () => {
    const k = key("odd.txt");
    await store.put(k, new TextEncoder().encode("odd body"), "text/plain");
    const filename = 'Q3 "final"\r\nx-amz-meta-evil: 1\\; résumé 日本 ☃.txt';
    const res = await fetch(await store.presignGet({ key: k, filename, disposition: "attachment", expiresIn: 60 }));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("odd body");
    const header = res.headers.get("content-disposition")!;
    expect(res.headers.get("x-amz-meta-evil")).toBeNull();
    expect(header).toMatch(
      /^attachment; filename="[\x20-\x21\x23-\x5b\x5d-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%!._~-]+$/,
    );
    expect(decodeURIComponent(header.split("filename*=UTF-8''")[1]!)).toBe(filename);
  });

  it("[API-16] an expired presigned GET is refused", async () => {
    const k = key("short.txt");
    await store.put(k, new TextEncoder().encode("short-lived"), "text/plain");
    const url = await store.presignGet({ key: k, disposition: "attachment", filename: "short.txt", expiresIn: 1 });
    await new Promise((r) => setTimeout(r, 2100));
    const res = await fetch(url);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain("short-lived");
  });

  it("missing objects read as null; delete removes", async () => {
    const k = key("gone.txt");
    expect(await store.get(k)).toBeNull();
    expect(await store.exists(k)).toBe(false);
    await store.put(k, new Uint8Array([1]), "text/plain");
    expect(await store.exists(k)).toBe(true);
    await store.delete(k);
    expect(await store.head(k)).toBeNull();
  });
});

describe("the file calls with S3 as the store (FILE-27)", () => {
  it("[FILE-27] [API-13] [API-14] [API-15] [API-16] presign → PUT to the bucket → extract → signed download, and the model helper reads it", async () => {
    previous = setBlobStore(store);
    try {
      const upload = await presign(
        ctx.app,
        f.a.member,
        f.a.id,
        "memo.docx",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      );
      expect(
        upload.url.startsWith(`${config.endpoint}/${BUCKET}/org/${f.a.id}/uploads/${upload.fileId}/memo.docx?`),
      ).toBe(true);
      expect((await putFile(ctx.app, upload, await makeDocx(["Stored in a bucket."]))).status).toBe(200);
      const extraction = await call(ctx.app, "POST", `/api/files/extractContent?orgId=${f.a.id}`, {
        token: f.a.member.token,
        body: { key: upload.key, contentKey: upload.contentKey },
      });
      expect(extraction.body).toMatchObject({ status: "success" });
      expect((await getFileByKey({ orgId: f.a.id, key: upload.key }))?.status).toBe("extracted");
      const att = await loadAttachmentForModel({
        reader: { orgId: f.a.id, userId: f.a.member.userId, isAdmin: false },
        key: upload.key,
        contentKey: upload.contentKey,
        name: "memo.docx",
      });
      expect(att).toEqual({ kind: "text", text: expect.stringContaining("Stored in a bucket.") });

      const dl = await signedDownload(ctx.app, f.a.member, f.a.id, { r2Path: upload.key, filename: "memo.docx" });
      expect(dl.body.signedUrl.startsWith(config.endpoint!)).toBe(true);
      expect((await fetch(dl.body.signedUrl)).status).toBe(200);
      expect(
        (await signedDownload(ctx.app, f.b.admin, f.b.id, { r2Path: upload.key, filename: "memo.docx" })).status,
      ).toBe(404);
    } finally {
      setBlobStore(previous!);
      previous = null;
    }
  });

  it("[FILE-19] an object over 50 MB that reached the bucket is refused and removed at extraction", async () => {
    previous = setBlobStore(store);
    try {
      const { upload } = await uploadFile(
        ctx.app,
        f.a.member,
        f.a.id,
        { name: "big.txt", type: "text/plain", bytes: "x" },
        { extract: false },
      );
      await store.put(upload.key, new Uint8Array(50 * 1024 * 1024 + 1), "text/plain");
      const res = await call(ctx.app, "POST", `/api/files/extractContent?orgId=${f.a.id}`, {
        token: f.a.member.token,
        body: { key: upload.key },
      });
      expect(res.status).toBe(413);
      expect(res.body.error).toBe("big.txt: File is too large. Maximum file size is 50MB.");
      expect(await store.exists(upload.key)).toBe(false);
    } finally {
      setBlobStore(previous!);
      previous = null;
    }
  });
});
