import { expect } from "vitest";
import type { TenancyCases } from "../test/tenancy-types";
import { blobStore } from "../storage/store";
import { getFileByKey } from "./queries";
import { signedDownload, uploadFile } from "./test-support";

// Each case uploads its own file to organisation A; its key and URLs live here between the steps.
const seeded = { extract: "", download: "", blob: "", signed: "" };
let signedUrl = "";
const SECRET = "tenant-a-file-secret";

const seedFile = async (ctx: any, a: any, slot: keyof typeof seeded, extract = true) => {
  const body = `${SECRET} (${slot})`;
  const { upload } = await uploadFile(ctx.app, a.admin, a.id, { name: `${slot}.txt`, type: "text/plain", bytes: body }, { extract });
  seeded[slot] = upload.key;
  return [body, upload.key];
};

const fileUnchanged = (slot: keyof typeof seeded) => async () => {
  const object = await blobStore().get(seeded[slot]);
  expect(new TextDecoder().decode(object!.bytes)).toBe(`${SECRET} (${slot})`);
};

export const fileTenancyCases: TenancyCases = {
  "POST /api/upload/presigned": {
    attacks: (f) => [
      { method: "POST", path: `/api/upload/presigned?orgId=${f.a.id}`, body: { filename: "intruder.txt", contentType: "text/plain" } },
    ],
    control: (f) => ({ method: "POST", path: `/api/upload/presigned?orgId=${f.a.id}`, body: { filename: "ok.txt", contentType: "text/plain" }, as: "member" }),
  },
  "POST /api/files/extractContent": {
    seed: (ctx, a) => seedFile(ctx, a, "extract", false),
    attacks: (f) => [
      { method: "POST", path: "/api/files/extractContent", body: { key: seeded.extract } },
      { method: "POST", path: `/api/files/extractContent?orgId=${f.a.id}`, body: { key: seeded.extract } },
      { method: "POST", path: `/api/files/extractContent?orgId=${f.b.id}`, body: { key: seeded.extract } },
    ],
    control: () => ({ method: "POST", path: "/api/files/extractContent", body: { key: seeded.extract } }),
    intact: async (_ctx, f) => {
      await fileUnchanged("extract")();
      expect((await getFileByKey({ orgId: f.a.id, key: seeded.extract }))?.userId).toBe(f.a.admin.userId);
    },
  },
  "POST /api/files/presigned_download": {
    seed: (ctx, a) => seedFile(ctx, a, "download"),
    attacks: (f) => [
      { method: "POST", path: "/api/files/presigned_download", body: { r2Path: seeded.download, filename: "d.txt" } },
      { method: "POST", path: `/api/files/presigned_download?orgId=${f.a.id}`, body: { r2Path: seeded.download, filename: "d.txt" } },
      { method: "POST", path: `/api/files/presigned_download?orgId=${f.b.id}`, body: { r2Path: seeded.download, disposition: "inline" } },
    ],
    control: () => ({ method: "POST", path: "/api/files/presigned_download", body: { r2Path: seeded.download, filename: "d.txt" } }),
  },
  // Signature-authorised: no session or organisation opens them; only a URL signed for the key does.
  "PUT /api/blob/upload": {
    seed: (ctx, a) => seedFile(ctx, a, "blob"),
    attacks: () => [
      { method: "PUT", path: `/api/blob/upload?key=${encodeURIComponent(seeded.blob)}&type=text%2Fplain&max=100&exp=9999999999`, body: "overwritten" },
      { method: "PUT", path: `/api/blob/upload?key=${encodeURIComponent(seeded.blob)}&type=application%2Fjson&max=100&exp=9999999999&sig=AAAA`, body: "overwritten" },
    ],
    intact: fileUnchanged("blob"),
  },
  "GET /api/blob/download": {
    seed: async (ctx, a) => {
      const markers = await seedFile(ctx, a, "signed");
      signedUrl = (await signedDownload(ctx.app, a.admin, a.id, { r2Path: seeded.signed, filename: "b.txt" })).body.signedUrl;
      return markers;
    },
    attacks: () => {
      const q = new URL(signedUrl, "http://x").searchParams;
      const withoutSig = new URLSearchParams(q);
      withoutSig.delete("sig");
      const forged = new URLSearchParams(q);
      forged.set("sig", "A".repeat(43));
      return [
        { method: "GET", path: `/api/blob/download?${withoutSig}` },
        { method: "GET", path: `/api/blob/download?${forged}` },
      ];
    },
    control: () => ({ method: "GET", path: signedUrl }),
  },
};
