import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../test/context";
import { call } from "../test/http";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { getFileById, getFileByKey } from "./queries";
import { loadAttachmentForModel } from "./attachments";
import { saveGeneratedFile } from "./generated";
import { PNG_1X1 } from "./test-documents";
import { presign, putFile, signedDownload, uploadFile } from "./test-support";

let ctx: TestContext;
let f: TenancyFixture;

beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
});

describe("presigned upload (API-13)", () => {
  it("[API-13] returns url, method, headers, fileId, key, contentKey and metadata with the org and user", async () => {
    const res = await call(ctx.app, "POST", `/api/upload/presigned?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { filename: "Q3 report #2.pdf", contentType: "application/pdf" },
    });
    expect(res.status).toBe(200);
    const { url, method, headers, fileId, key, contentKey, metadata } = res.body;
    expect(fileId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // FILE-25: "#" becomes "no", whitespace runs become "_".
    expect(key).toBe(`org/${f.a.id}/uploads/${fileId}/Q3_report_no2.pdf`);
    expect(contentKey).toBe(`org/${f.a.id}/uploads/${fileId}/content.txt`);
    expect(method).toBe("PUT");
    expect(url).toMatch(/^\/api\/blob\/upload\?/);
    expect(metadata).toEqual({ orgId: f.a.id, userId: f.a.member.userId });
    expect(headers).toMatchObject({
      "Content-Type": "application/pdf",
      "x-amz-meta-orgid": f.a.id,
      "x-amz-meta-userid": f.a.member.userId,
    });
    expect((await getFileByKey({ orgId: f.a.id, key }))?.status).toBe("pending");
  });

  it("[FILE-23] an extension off the chat list is refused with '{file} is not a supported file type.'", async () => {
    const res = await call(ctx.app, "POST", `/api/upload/presigned?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { filename: "setup.exe", contentType: "application/x-msdownload" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("setup.exe is not a supported file type.");
  });

  it("[FILE-23] a content type that contradicts the extension is refused (no HTML stored as .png)", async () => {
    const res = await call(ctx.app, "POST", `/api/upload/presigned?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { filename: "cat.png", contentType: "text/html" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("cat.png is not a supported file type.");
  });

  it("FILE-21/22 yaml is accepted, and a missing type takes the extension's", async () => {
    const upload = await presign(ctx.app, f.a.member, f.a.id, "config.yml", "");
    expect(upload.headers["Content-Type"]).toBe("application/yaml");
  });

  it("FILE-19/FILE-20 an announced size over 50 MB is refused with the file name", async () => {
    const res = await call(ctx.app, "POST", `/api/upload/presigned?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { filename: "huge.pdf", contentType: "application/pdf", size: 50 * 1024 * 1024 + 1 },
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("huge.pdf: File is too large. Maximum file size is 50MB.");
  });

  it("needs a session and an organisation", async () => {
    expect(
      (await call(ctx.app, "POST", "/api/upload/presigned", { body: { filename: "a.txt", contentType: "text/plain" } }))
        .status,
    ).toBe(401);
    const res = await call(ctx.app, "POST", `/api/upload/presigned?orgId=${f.a.id}`, {
      token: f.outsider.token,
      body: { filename: "a.txt", contentType: "text/plain" },
    });
    expect(res.status).toBe(404);
  });
});

describe("upload → extract → download (FILE-27, API-14..16)", () => {
  it("[FILE-27] [API-14] [API-15] [API-16] a text file is sent to the URL, extracted and downloaded through a signed URL", async () => {
    const text = "Quarterly numbers: revenue up 12%.\nÜnïcödé survives.";
    const { upload, extraction } = await uploadFile(ctx.app, f.a.member, f.a.id, {
      name: "notes.txt",
      type: "text/plain",
      bytes: text,
    });
    expect(extraction!.status).toBe(200);
    expect(extraction!.body).toMatchObject({ status: "success", contentKey: upload.contentKey, truncated: false });
    const row = await getFileByKey({ orgId: f.a.id, key: upload.key });
    expect(row).toMatchObject({
      status: "extracted",
      size: Buffer.byteLength(text),
      fileName: "notes.txt",
      userId: f.a.member.userId,
    });

    const dl = await signedDownload(ctx.app, f.a.admin, f.a.id, { r2Path: upload.key, filename: "notes.txt" });
    expect(dl.status).toBe(200);
    const file = await ctx.app.request(dl.body.signedUrl);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(text);
    expect(file.headers.get("content-type")).toBe("text/plain");
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="notes.txt"; filename*=UTF-8''notes.txt`,
    );
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("[FILE-06] an inline preview URL serves an image inline", async () => {
    const { upload } = await uploadFile(ctx.app, f.a.member, f.a.id, {
      name: "pixel.png",
      type: "image/png",
      bytes: PNG_1X1,
    });
    const dl = await signedDownload(ctx.app, f.a.member, f.a.id, { r2Path: upload.key, disposition: "inline" });
    expect(dl.status).toBe(200);
    const file = await ctx.app.request(dl.body.signedUrl);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-disposition")).toMatch(/^inline; filename="pixel.png"/);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG_1X1);
  });

  it("[FILE-30] images skip extraction and are recorded as skipped", async () => {
    const { upload, extraction } = await uploadFile(ctx.app, f.a.member, f.a.id, {
      name: "pixel.png",
      type: "image/png",
      bytes: PNG_1X1,
    });
    expect(extraction!.body.status).toBe("skipped");
    expect((await getFileByKey({ orgId: f.a.id, key: upload.key }))?.status).toBe("skipped");
  });

  it("[FILE-29] a file that cannot be parsed answers status error and is recorded as extraction_failed", async () => {
    const { upload, extraction } = await uploadFile(ctx.app, f.a.member, f.a.id, {
      name: "broken.pdf",
      type: "application/pdf",
      bytes: "this is not a PDF",
    });
    expect(extraction!.status).toBe(200);
    expect(extraction!.body).toEqual({ status: "error", error: "Failed to extract content from broken.pdf" });
    expect((await getFileByKey({ orgId: f.a.id, key: upload.key }))?.status).toBe("extraction_failed");
  });

  it("[API-15] extracting a file that was never sent is 404", async () => {
    const upload = await presign(ctx.app, f.a.member, f.a.id, "later.txt", "text/plain");
    const res = await call(ctx.app, "POST", `/api/files/extractContent?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { key: upload.key },
    });
    expect(res.status).toBe(404);
  });

  it("[API-15] a contentKey other than the file's own is refused (it cannot overwrite another file)", async () => {
    const first = await uploadFile(ctx.app, f.a.member, f.a.id, { name: "one.txt", type: "text/plain", bytes: "one" });
    const second = await presign(ctx.app, f.a.member, f.a.id, "two.txt", "text/plain");
    await putFile(ctx.app, second, "two");
    const res = await call(ctx.app, "POST", `/api/files/extractContent?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { key: second.key, contentKey: first.upload.key, contentType: "text/plain", fileName: "two.txt" },
    });
    expect(res.status).toBe(400);
    const original = await signedDownload(ctx.app, f.a.member, f.a.id, {
      r2Path: first.upload.key,
      filename: "one.txt",
    });
    expect(await (await ctx.app.request(original.body.signedUrl)).text()).toBe("one");
  });

  it("[FILE-15] a download without a filename (and not inline) answers 'r2Path and filename are required for download.'", async () => {
    const { upload } = await uploadFile(
      ctx.app,
      f.a.member,
      f.a.id,
      { name: "x.txt", type: "text/plain", bytes: "x" },
      { extract: false },
    );
    for (const body of [{ r2Path: upload.key }, { filename: "x.txt" }, {}]) {
      const res = await signedDownload(ctx.app, f.a.member, f.a.id, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("r2Path and filename are required for download.");
    }
  });

  it("[API-16] a missing file in the caller's organisation is 404", async () => {
    const res = await signedDownload(ctx.app, f.a.member, f.a.id, {
      r2Path: `org/${f.a.id}/uploads/00000000-0000-4000-8000-000000000000/none.txt`,
      filename: "none.txt",
    });
    expect(res.status).toBe(404);
  });
});

describe("organisations are kept apart", () => {
  it("[API-15] another organisation's key is 404 for extraction, by admin and member alike", async () => {
    const { upload } = await uploadFile(
      ctx.app,
      f.a.member,
      f.a.id,
      { name: "secret.txt", type: "text/plain", bytes: "tenant-a-secret" },
      { extract: false },
    );
    for (const who of [f.b.admin, f.b.member]) {
      for (const path of ["/api/files/extractContent", `/api/files/extractContent?orgId=${f.b.id}`]) {
        const res = await call(ctx.app, "POST", path, {
          token: who.token,
          body: { key: upload.key, contentKey: upload.contentKey },
        });
        expect(res.status).toBe(404);
        expect(res.text).not.toContain("tenant-a-secret");
      }
    }
    expect((await getFileByKey({ orgId: f.a.id, key: upload.key }))?.status).toBe("pending");
  });

  it("[API-16] another organisation's r2Path is 404 for download and preview, even with ../ tricks", async () => {
    const { upload } = await uploadFile(ctx.app, f.a.member, f.a.id, {
      name: "secret.txt",
      type: "text/plain",
      bytes: "tenant-a-secret",
    });
    const paths = [upload.key, upload.contentKey, `org/${f.b.id}/../${upload.key.slice(4)}`, `/${upload.key}`];
    for (const r2Path of paths) {
      for (const body of [
        { r2Path, filename: "secret.txt" },
        { r2Path, disposition: "inline" },
      ]) {
        const res = await signedDownload(ctx.app, f.b.admin, f.b.id, body);
        expect(res.status, r2Path).toBe(404);
        expect(res.text).not.toContain("signedUrl");
      }
    }
  });

  it("an upload is its uploader's and the admins': another member of the same organisation gets 404", async () => {
    const { upload } = await uploadFile(
      ctx.app,
      f.a.admin,
      f.a.id,
      { name: "admin-only.txt", type: "text/plain", bytes: "admin" },
      { extract: false },
    );
    expect((await signedDownload(ctx.app, f.a.member, f.a.id, { r2Path: upload.key, filename: "a.txt" })).status).toBe(
      404,
    );
    const extract = await call(ctx.app, "POST", `/api/files/extractContent?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { key: upload.key },
    });
    expect(extract.status).toBe(404);
    const mine = await uploadFile(ctx.app, f.a.member, f.a.id, {
      name: "member.txt",
      type: "text/plain",
      bytes: "member",
    });
    expect(
      (await signedDownload(ctx.app, f.a.admin, f.a.id, { r2Path: mine.upload.key, filename: "member.txt" })).status,
    ).toBe(200);
    expect(
      (await signedDownload(ctx.app, f.a.member, f.a.id, { r2Path: mine.upload.key, filename: "member.txt" })).status,
    ).toBe(200);
  });

  it("the organisation's admin gets A's file only when acting in A", async () => {
    const { upload } = await uploadFile(
      ctx.app,
      f.a.member,
      f.a.id,
      { name: "both.txt", type: "text/plain", bytes: "both" },
      { extract: false },
    );
    expect(
      (await signedDownload(ctx.app, f.a.admin, f.a.id, { r2Path: upload.key, filename: "both.txt" })).status,
    ).toBe(200);
    expect(
      (await signedDownload(ctx.app, f.b.admin, f.b.id, { r2Path: upload.key, filename: "both.txt" })).status,
    ).toBe(404);
  });
});

describe("attachments for the model (chat runner helper)", () => {
  const memberOfA = () => ({ orgId: f.a.id, userId: f.a.member.userId, isAdmin: false });

  it("an image comes back as bytes with its media type; a document as its extracted text", async () => {
    const image = await uploadFile(ctx.app, f.a.member, f.a.id, {
      name: "pixel.png",
      type: "image/png",
      bytes: PNG_1X1,
    });
    expect(await loadAttachmentForModel({ reader: memberOfA(), key: image.upload.key, name: "pixel.png" })).toEqual({
      kind: "image",
      bytes: PNG_1X1,
      mediaType: "image/png",
    });
    const doc = await uploadFile(ctx.app, f.a.member, f.a.id, {
      name: "brief.md",
      type: "text/markdown",
      bytes: "# Brief\nShip it.",
    });
    const att = await loadAttachmentForModel({
      reader: memberOfA(),
      key: doc.upload.key,
      contentKey: doc.upload.contentKey,
      name: "brief.md",
    });
    expect(att).toEqual({ kind: "text", text: "# Brief\nShip it." });
  });

  it("another organisation's key, a foreign contentKey or a bmp image give null", async () => {
    const doc = await uploadFile(ctx.app, f.a.member, f.a.id, {
      name: "brief.md",
      type: "text/markdown",
      bytes: "tenant-a",
    });
    expect(
      await loadAttachmentForModel({
        reader: { orgId: f.b.id, userId: f.b.admin.userId, isAdmin: true },
        key: doc.upload.key,
        name: "brief.md",
      }),
    ).toBeNull();
    const other = await uploadFile(ctx.app, f.a.member, f.a.id, {
      name: "other.md",
      type: "text/markdown",
      bytes: "other",
    });
    expect(
      await loadAttachmentForModel({
        reader: memberOfA(),
        key: doc.upload.key,
        contentKey: other.upload.contentKey,
        name: "brief.md",
      }),
    ).toBeNull();
    const bmp = await uploadFile(ctx.app, f.a.member, f.a.id, { name: "old.bmp", type: "image/bmp", bytes: "BM" });
    expect(await loadAttachmentForModel({ reader: memberOfA(), key: bmp.upload.key, name: "old.bmp" })).toBeNull();
  });
});

describe("files generated by tools", () => {
  it("a saved file downloads through presigned_download in its organisation only", async () => {
    const saved = await saveGeneratedFile({
      orgId: f.a.id,
      userId: f.a.member.userId,
      filename: "Board report.html",
      contentType: "text/html",
      bytes: new TextEncoder().encode("<h1>Report</h1>"),
    });
    expect(saved).toMatchObject({
      r2_path: `org/${f.a.id}/generated/${saved.fileId}/Board_report.html`,
      filename: "Board_report.html",
      size: 15,
    });
    // Recorded as the organisation's and the calling user's, so a later tool can use it by id.
    expect(await getFileById({ orgId: f.a.id, id: saved.fileId })).toMatchObject({
      userId: f.a.member.userId,
      key: saved.r2_path,
      size: 15,
      status: "skipped",
    });
    expect(await getFileById({ orgId: f.b.id, id: saved.fileId })).toBeNull();
    const dl = await signedDownload(ctx.app, f.a.member, f.a.id, { r2Path: saved.r2_path, filename: saved.filename });
    const res = await ctx.app.request(dl.body.signedUrl);
    expect(await res.text()).toBe("<h1>Report</h1>");
    expect(res.headers.get("content-type")).toBe("text/html");
    expect(
      (await signedDownload(ctx.app, f.b.member, f.b.id, { r2Path: saved.r2_path, filename: saved.filename })).status,
    ).toBe(404);
  });
});
