// Decision 013 on every path that reads a key: an upload and its extracted text are its uploader's and
// the organisation admins'; a key of no known kind is nobody's.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../test/context";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { blobStore } from "../storage/store";
import { loadAttachmentForModel } from "./attachments";
import { PNG_1X1 } from "./test-documents";
import { signedDownload, uploadFile } from "./test-support";

let ctx: TestContext;
let f: TenancyFixture;

beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
});

const fetchSigned = async (signedUrl: string) => (await ctx.app.request(signedUrl)).text();

describe("another user's upload in the same organisation (security #5)", () => {
  it("security #5: a member cannot presign another user's extracted text (content.txt), for download or preview", async () => {
    const { upload } = await uploadFile(ctx.app, f.a.admin, f.a.id, {
      name: "salaries.txt",
      type: "text/plain",
      bytes: "admin-only salaries",
    });
    for (const body of [
      { r2Path: upload.contentKey, filename: "c.txt" },
      { r2Path: upload.contentKey, disposition: "inline" },
      { r2Path: `/${upload.contentKey}`, filename: "c.txt" },
    ]) {
      const res = await signedDownload(ctx.app, f.a.member, f.a.id, body);
      expect(res.status, JSON.stringify(body)).toBe(404);
      expect(res.body.error).toBe("File not found");
    }
    // The uploader and the organisation's admins still read it.
    const own = await signedDownload(ctx.app, f.a.admin, f.a.id, { r2Path: upload.contentKey, filename: "c.txt" });
    expect(await fetchSigned(own.body.signedUrl)).toBe("admin-only salaries");
  });

  it("an admin reads a member's extracted text and the member their own (guards security #5)", async () => {
    const { upload } = await uploadFile(ctx.app, f.a.member, f.a.id, {
      name: "mine.txt",
      type: "text/plain",
      bytes: "member text",
    });
    for (const who of [f.a.member, f.a.admin]) {
      const res = await signedDownload(ctx.app, who, f.a.id, { r2Path: upload.contentKey, filename: "c.txt" });
      expect(res.status).toBe(200);
      expect(await fetchSigned(res.body.signedUrl)).toBe("member text");
    }
    expect(
      (await signedDownload(ctx.app, f.b.admin, f.b.id, { r2Path: upload.contentKey, filename: "c.txt" })).status,
    ).toBe(404);
  });

  it("security #5: a key of no known kind is 404 even in the caller's organisation and even for an admin", async () => {
    const { upload } = await uploadFile(
      ctx.app,
      f.a.member,
      f.a.id,
      { name: "doc.txt", type: "text/plain", bytes: "doc" },
      { extract: false },
    );
    const folder = upload.key.slice(0, upload.key.lastIndexOf("/"));
    const stray = [
      `org/${f.a.id}/other/${randomUUID()}/x.txt`,
      `${folder}/beside.txt`,
      `org/${f.a.id}/uploads/${randomUUID()}/orphan.txt`,
      `org/${f.a.id}/x.txt`,
    ];
    for (const key of stray) await blobStore().put(key, new TextEncoder().encode("stray-object"), "text/plain");
    for (const key of stray) {
      for (const who of [f.a.member, f.a.admin]) {
        const res = await signedDownload(ctx.app, who, f.a.id, { r2Path: key, filename: "x.txt" });
        expect(res.status, `${key} as ${who.label}`).toBe(404);
      }
    }
  });

  it("security #5: the model helper reads an upload only for its uploader and the admins, and never a content key as the file", async () => {
    const doc = await uploadFile(ctx.app, f.a.admin, f.a.id, {
      name: "plan.md",
      type: "text/markdown",
      bytes: "admin plan",
    });
    const image = await uploadFile(ctx.app, f.a.admin, f.a.id, {
      name: "pixel.png",
      type: "image/png",
      bytes: PNG_1X1,
    });
    const member = { orgId: f.a.id, userId: f.a.member.userId, isAdmin: false };
    const admin = { orgId: f.a.id, userId: f.a.admin.userId, isAdmin: true };
    for (const key of [doc.upload.key, doc.upload.contentKey, image.upload.key]) {
      expect(await loadAttachmentForModel({ reader: member, key, name: "plan.md" }), key).toBeNull();
    }
    expect(await loadAttachmentForModel({ reader: admin, key: doc.upload.contentKey, name: "content.txt" })).toBeNull();
    expect(await loadAttachmentForModel({ reader: admin, key: doc.upload.key, name: "plan.md" })).toEqual({
      kind: "text",
      text: "admin plan",
    });
    // The row decides what the file is: a document named .png in the message is still read as text.
    expect(await loadAttachmentForModel({ reader: admin, key: doc.upload.key, name: "plan.png" })).toEqual({
      kind: "text",
      text: "admin plan",
    });
    expect((await loadAttachmentForModel({ reader: admin, key: image.upload.key, name: "pixel.png" }))?.kind).toBe(
      "image",
    );
    expect(
      await loadAttachmentForModel({ reader: { ...admin, orgId: f.b.id }, key: image.upload.key, name: "pixel.png" }),
    ).toBeNull();
  });
});
