import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { TestContext } from "../test/context";
import type { TenancyFixture } from "../test/tenancy-fixture";
import type { TenancyCases } from "../test/tenancy-types";
import { blobStore } from "../storage/store";
import { getFileByKey } from "./queries";
import { signedDownload, uploadFile } from "./test-support";

// Each case uploads its own file to organisation A; its key and URLs live here between the steps.
const seeded = { extract: "", extractPrivate: "", download: "", blob: "", signed: "" };
let signedUrl = "";
const SECRET = "tenant-a-file-secret";

const seedFile = async (ctx: any, a: any, slot: keyof typeof seeded, extract = true) => {
  const body = `${SECRET} (${slot})`;
  const { upload } = await uploadFile(
    ctx.app,
    a.admin,
    a.id,
    { name: `${slot}.txt`, type: "text/plain", bytes: body },
    { extract },
  );
  seeded[slot] = upload.key;
  return [body, upload.key];
};

/**
 * Security #1's shape: B's admin gets a URL signed for B's own file with a name that smuggles
 * "exp" and "key" lines, then rewrites the query so those lines read as parameters aimed at A's file.
 */
let forgedUrl: string | null = null;
async function forgeDownload(ctx: TestContext, f: TenancyFixture, victimKey: string): Promise<string> {
  if (forgedUrl) return forgedUrl;
  const { upload } = await uploadFile(
    ctx.app,
    f.b.admin,
    f.b.id,
    { name: "mine.txt", type: "text/plain", bytes: "b's own" },
    { extract: false },
  );
  const signed = await signedDownload(ctx.app, f.b.admin, f.b.id, {
    r2Path: upload.key,
    filename: `X\nexp=9999999999\nkey=${victimKey}`,
  });
  const url = new URL(signed.body.signedUrl, "http://x");
  const forged = new URLSearchParams();
  forged.append(`disp=attachment\nexp=${url.searchParams.get("exp")}\nkey`, `${upload.key}\nname=X`);
  forged.append("exp", "9999999999");
  forged.append("key", victimKey);
  forged.append("sig", url.searchParams.get("sig")!);
  return (forgedUrl = `${url.pathname}?${forged}`);
}

// Files A's admin keeps to themself (decision 013): an upload, its extracted text, and keys of no known kind.
const PRIVATE = "tenant-a-admin-private-upload";
const adminPrivate = { key: "", contentKey: "", stray: "" };
async function seedAdminPrivate(ctx: TestContext, a: TenancyFixture["a"]) {
  const { upload } = await uploadFile(ctx.app, a.admin, a.id, {
    name: "private.txt",
    type: "text/plain",
    bytes: `${PRIVATE} body`,
  });
  adminPrivate.key = upload.key;
  adminPrivate.contentKey = upload.contentKey;
  adminPrivate.stray = `org/${a.id}/uploads/${randomUUID()}/stray.txt`;
  await blobStore().put(adminPrivate.stray, new TextEncoder().encode(`${PRIVATE} stray`), "text/plain");
  return [PRIVATE];
}

const fileUnchanged = (slot: keyof typeof seeded) => async () => {
  const object = await blobStore().get(seeded[slot]);
  expect(new TextDecoder().decode(object!.bytes)).toBe(`${SECRET} (${slot})`);
};

export const fileTenancyCases: TenancyCases = {
  "POST /api/upload/presigned": {
    attacks: (f) => [
      {
        method: "POST",
        path: `/api/upload/presigned?orgId=${f.a.id}`,
        body: { filename: "intruder.txt", contentType: "text/plain" },
      },
    ],
    control: (f) => ({
      method: "POST",
      path: `/api/upload/presigned?orgId=${f.a.id}`,
      body: { filename: "ok.txt", contentType: "text/plain" },
      as: "member",
    }),
  },
  "POST /api/files/extractContent": {
    seed: (ctx, a) => seedFile(ctx, a, "extract", false),
    attacks: (f) => [
      { method: "POST", path: "/api/files/extractContent", body: { key: seeded.extract } },
      { method: "POST", path: `/api/files/extractContent?orgId=${f.a.id}`, body: { key: seeded.extract } },
      { method: "POST", path: `/api/files/extractContent?orgId=${f.b.id}`, body: { key: seeded.extract } },
    ],
    control: () => ({ method: "POST", path: "/api/files/extractContent", body: { key: seeded.extract } }),
    sameOrg: {
      // The file id is in the content key a successful extraction answers with.
      seed: async (ctx, a) => [
        ...(await seedFile(ctx, a, "extractPrivate", false)),
        seeded.extractPrivate.split("/")[3]!,
      ],
      attacks: (f) => [
        { method: "POST", path: `/api/files/extractContent?orgId=${f.a.id}`, body: { key: seeded.extractPrivate } },
      ],
      control: (f) => ({
        method: "POST",
        path: `/api/files/extractContent?orgId=${f.a.id}`,
        body: { key: seeded.extractPrivate },
      }),
    },
    intact: async (_ctx, f) => {
      await fileUnchanged("extract")();
      expect((await getFileByKey({ orgId: f.a.id, key: seeded.extract }))?.userId).toBe(f.a.admin.userId);
    },
  },
  "POST /api/files/presigned_download": {
    seed: (ctx, a) => seedFile(ctx, a, "download"),
    attacks: (f) => [
      { method: "POST", path: "/api/files/presigned_download", body: { r2Path: seeded.download, filename: "d.txt" } },
      {
        method: "POST",
        path: `/api/files/presigned_download?orgId=${f.a.id}`,
        body: { r2Path: seeded.download, filename: "d.txt" },
      },
      {
        method: "POST",
        path: `/api/files/presigned_download?orgId=${f.b.id}`,
        body: { r2Path: seeded.download, disposition: "inline" },
      },
    ],
    control: () => ({
      method: "POST",
      path: "/api/files/presigned_download",
      body: { r2Path: seeded.download, filename: "d.txt" },
    }),
    sameOrg: {
      seed: seedAdminPrivate,
      attacks: (f) =>
        [adminPrivate.key, adminPrivate.contentKey, `/${adminPrivate.contentKey}`, adminPrivate.stray].flatMap(
          (r2Path) => [
            {
              method: "POST",
              path: `/api/files/presigned_download?orgId=${f.a.id}`,
              body: { r2Path, filename: "p.txt" },
            },
            {
              method: "POST",
              path: `/api/files/presigned_download?orgId=${f.a.id}`,
              body: { r2Path, disposition: "inline" },
            },
          ],
        ),
      control: (f) => ({
        method: "POST",
        path: `/api/files/presigned_download?orgId=${f.a.id}`,
        body: { r2Path: adminPrivate.contentKey, filename: "p.txt" },
      }),
    },
  },
  // Signature-authorised: no session or organisation opens them; only a URL signed for the key does.
  "PUT /api/blob/upload": {
    seed: (ctx, a) => seedFile(ctx, a, "blob"),
    attacks: () => [
      {
        method: "PUT",
        path: `/api/blob/upload?key=${encodeURIComponent(seeded.blob)}&type=text%2Fplain&max=100&exp=9999999999`,
        body: "overwritten",
      },
      {
        method: "PUT",
        path: `/api/blob/upload?key=${encodeURIComponent(seeded.blob)}&type=application%2Fjson&max=100&exp=9999999999&sig=AAAA`,
        body: "overwritten",
      },
    ],
    intact: fileUnchanged("blob"),
  },
  "GET /api/blob/download": {
    seed: async (ctx, a) => {
      const markers = await seedFile(ctx, a, "signed");
      signedUrl = (await signedDownload(ctx.app, a.admin, a.id, { r2Path: seeded.signed, filename: "b.txt" })).body
        .signedUrl;
      return markers;
    },
    attacks: async (f, _markers, ctx) => {
      const q = new URL(signedUrl, "http://x").searchParams;
      const withoutSig = new URLSearchParams(q);
      withoutSig.delete("sig");
      const forged = new URLSearchParams(q);
      forged.set("sig", "A".repeat(43));
      return [
        { method: "GET", path: `/api/blob/download?${withoutSig}` },
        { method: "GET", path: `/api/blob/download?${forged}` },
        { method: "GET", path: await forgeDownload(ctx, f, seeded.signed) },
      ];
    },
    control: () => ({ method: "GET", path: signedUrl }),
  },
};
