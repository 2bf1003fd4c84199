import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../test/context";
import { call, type Identity } from "../test/http";
import { connectOpenAI } from "../test/seed";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { putFile, signedDownload } from "../files/test-support";
import { presign } from "../files/test-support";
import { blobStore } from "../storage/store";
import { addKbFile, associate, createKb, presignKb } from "./test-support";
import { drainBlobDeletions } from "./blob-deletions";

let ctx: TestContext;
let f: TenancyFixture;
beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  await connectOpenAI(ctx.app, f.a.admin, f.a.id);
}, 240_000);

const files = (method: string, who: Identity, query: string, body?: unknown) =>
  call(ctx.app, method, `/api/kb/files?orgId=${f.a.id}&${query}`, { token: who.token, body });
const presignRaw = (who: Identity, body: Record<string, unknown>) =>
  call(ctx.app, "POST", `/api/upload/presigned?orgId=${f.a.id}`, {
    token: who.token,
    body: { purpose: "knowledge-base", ...body },
  });

describe("knowledge-base uploads", () => {
  it("[KB-61] a knowledge-base upload may be 250 MB, not more, in the spec's words", async () => {
    const ok = await presignRaw(f.a.member, {
      filename: "big.pdf",
      contentType: "application/pdf",
      size: 250 * 1024 * 1024,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.key).toMatch(new RegExp(`^org/${f.a.id}/kb/${ok.body.fileId}/big.pdf$`));
    const tooBig = await presignRaw(f.a.member, {
      filename: "huge.pdf",
      contentType: "application/pdf",
      size: 250 * 1024 * 1024 + 1,
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe("huge.pdf is too large. Maximum file size is 250MB.");
    // The chat's limit is unchanged.
    const chat = await call(ctx.app, "POST", `/api/upload/presigned?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { filename: "big.pdf", contentType: "application/pdf", size: 60 * 1024 * 1024 },
    });
    expect(chat.status).toBe(413);
  });

  it("[KB-62] accepts the knowledge-base list of types and refuses others", async () => {
    for (const ext of ["png", "jpg", "jpeg", "gif", "bmp", "webp", "txt", "html", "htm", "doc", "docx", "csv"].concat([
      "json",
      "xml",
      "md",
      "yaml",
      "yml",
      "pdf",
      "xls",
      "xlsx",
      "xlsm",
    ])) {
      const res = await presignRaw(f.a.member, { filename: `file.${ext}`, contentType: "" });
      expect(res.status, ext).toBe(200);
    }
    const exe = await presignRaw(f.a.member, { filename: "tool.exe", contentType: "" });
    expect(exe.status).toBe(400);
    expect(exe.body.error).toBe("tool.exe is not a supported file type.");
    const ppt = await presignRaw(f.a.member, { filename: "deck.pptx", contentType: "" });
    expect(ppt.body.error).toBe("deck.pptx is not a supported file type.");
  });
});

describe("knowledge-base files: /api/kb/files", () => {
  it("[API-40][API-38][API-39][KB-64][KB-46] an uploaded file is associated, listed and read, pending first", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id);
    const added = await addKbFile(ctx.app, f.a.member, f.a.id, kb.id, {
      name: "Team notes.md",
      type: "text/markdown",
      bytes: "# Notes\nhello",
    });
    expect(added).toMatchObject({
      fileName: "Team notes.md",
      contentType: "text/markdown",
      fileSize: 13,
      processingStatus: "pending",
      processingError: null,
      extractedData: {},
    });
    expect(added.fileKey).toBe(`org/${f.a.id}/kb/${added.id}/Team_notes.md`);
    const list = await files("GET", f.a.member, `kbId=${kb.id}`);
    expect(list.status).toBe(200);
    expect(list.body.success).toBe(true);
    expect(list.body.files.map((x: { id: string }) => x.id)).toEqual([added.id]);
    const one = await files("GET", f.a.member, `kbId=${kb.id}&fileId=${added.id}`);
    expect(one.body).toMatchObject({ success: true, file: { id: added.id, fileName: "Team notes.md" } });
    expect(Date.parse(one.body.file.createdAt)).not.toBeNaN();
    const kbNow = await call(ctx.app, "GET", `/api/kb/manage?orgId=${f.a.id}&id=${kb.id}`, { token: f.a.admin.token });
    expect(kbNow.body.knowledgeBase).toMatchObject({ fileCount: 1, status: "processing" });
  });

  it("[KB-69][KB-68] a missing file is 'File not found'; a missing knowledge base 'Knowledge base not found'", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id);
    const file = await files("GET", f.a.admin, `kbId=${kb.id}&fileId=00000000-0000-4000-8000-000000000000`);
    expect(file.status).toBe(404);
    expect(file.body.error).toBe("File not found");
    const missingKb = await files("GET", f.a.admin, "kbId=00000000-0000-4000-8000-000000000000");
    expect(missingKb.status).toBe(404);
    expect(missingKb.body.error).toBe("Knowledge base not found");
    const noKb = await call(ctx.app, "GET", `/api/kb/files?orgId=${f.a.id}`, { token: f.a.admin.token });
    expect(noKb.status).toBe(400);
    expect(noKb.body.error).toBe("kbId is required");
  });

  it("[KB-71] association needs a knowledge-base upload that was sent, and happens once", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id);
    const notSent = await presignKb(ctx.app, f.a.member, f.a.id, "later.txt", "text/plain");
    const early = await associate(ctx.app, f.a.member, f.a.id, kb.id, notSent, "later.txt");
    expect(early.status).toBe(400);
    expect(early.body.error).toBe("The file has not been uploaded yet");

    const chatUpload = await presign(ctx.app, f.a.member, f.a.id, "chat.txt", "text/plain");
    await putFile(ctx.app, chatUpload, "chat text");
    const wrongPurpose = await associate(ctx.app, f.a.member, f.a.id, kb.id, chatUpload, "chat.txt");
    expect(wrongPurpose.status).toBe(400);
    expect(wrongPurpose.body.error).toBe('The file was not uploaded for a knowledge base (purpose "knowledge-base")');

    const upload = await presignKb(ctx.app, f.a.member, f.a.id, "once.txt", "text/plain");
    await putFile(ctx.app, upload, "once");
    // Another member cannot take over someone else's upload before it is associated.
    const stolen = await associate(
      ctx.app,
      f.a.admin,
      f.a.id,
      kb.id,
      { ...upload, key: "org/x/kb/y/z.txt" },
      "once.txt",
    );
    expect(stolen.status).toBe(404);
    expect((await associate(ctx.app, f.a.member, f.a.id, kb.id, upload, "once.txt")).status).toBe(201);
    const twice = await associate(ctx.app, f.a.member, f.a.id, kb.id, upload, "once.txt");
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe("This file already belongs to a knowledge base");
  });

  it("[KB-40] any member downloads a knowledge-base file; nobody outside the organisation can", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id);
    const added = await addKbFile(ctx.app, f.a.admin, f.a.id, kb.id, {
      name: "shared.txt",
      type: "text/plain",
      bytes: "shared with the team",
    });
    const mine = await signedDownload(ctx.app, f.a.member, f.a.id, { r2Path: added.fileKey, filename: "shared.txt" });
    expect(mine.status).toBe(200);
    expect(await (await ctx.app.request(mine.body.signedUrl)).text()).toBe("shared with the team");
    const theirs = await signedDownload(ctx.app, f.b.admin, f.b.id, { r2Path: added.fileKey, filename: "shared.txt" });
    expect(theirs.status).toBe(404);
  });

  it("[API-42][KB-71] PATCH saves reviewed data; it must be an object", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id);
    const added = await addKbFile(ctx.app, f.a.member, f.a.id, kb.id, {
      name: "r.txt",
      type: "text/plain",
      bytes: "r",
    });
    const saved = await call(ctx.app, "PATCH", `/api/kb/files?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { kbId: kb.id, fileId: added.id, extractedData: { title: "Reviewed", total: 12 } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ success: true, file: { extractedData: { title: "Reviewed", total: 12 } } });
    const bad = await call(ctx.app, "PATCH", `/api/kb/files?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { kbId: kb.id, fileId: added.id, extractedData: ["not", "an", "object"] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("extractedData must be an object");
    const missing = await call(ctx.app, "PATCH", `/api/kb/files?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { kbId: kb.id, fileId: added.id },
    });
    expect(missing.body.error).toBe("extractedData is required");
  });

  it("[API-43][KB-42] retry is refused for a file that is not failed or completed", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id);
    const added = await addKbFile(ctx.app, f.a.member, f.a.id, kb.id, {
      name: "p.txt",
      type: "text/plain",
      bytes: "p",
    });
    const res = await call(ctx.app, "POST", `/api/kb/process?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { knowledgeBaseId: kb.id, fileId: added.id },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("Only failed or completed files can be processed again");
    const missing = await call(ctx.app, "POST", `/api/kb/process?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { knowledgeBaseId: kb.id },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("fileId is required");
  });

  it("[API-41] deleting a file removes its row, its upload record and (through the queue) its blobs", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id);
    const added = await addKbFile(ctx.app, f.a.member, f.a.id, kb.id, {
      name: "d.txt",
      type: "text/plain",
      bytes: "d",
    });
    expect(await blobStore().exists(added.fileKey)).toBe(true);
    const res = await files("DELETE", f.a.member, `kbId=${kb.id}&fileId=${added.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    await drainBlobDeletions();
    expect(await blobStore().exists(added.fileKey)).toBe(false);
    expect((await files("GET", f.a.member, `kbId=${kb.id}&fileId=${added.id}`)).status).toBe(404);
    expect((await files("DELETE", f.a.member, `kbId=${kb.id}&fileId=${added.id}`)).status).toBe(404);
  });
});
