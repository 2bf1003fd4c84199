import { expect } from "vitest";
import type { TenancyCases } from "../test/tenancy-types";
import { call } from "../test/http";
import { connectOpenAI } from "../test/seed";
import { addKbFile, createKb } from "./test-support";

// Each case seeds its own knowledge base (and file) in organisation A; ids live here between the steps.
const ids: Record<string, { kb: string; file: string }> = {};
const SECRET = "tenant-a-kb-secret";
const EMBEDDING = "openai:text-embedding-3-small";

const connected = new Set<string>();

async function seed(ctx: any, a: any, slot: string, withFile = true) {
  if (!connected.has(a.id)) await connectOpenAI(ctx.app, a.admin, a.id);
  connected.add(a.id);
  const kb = await createKb(ctx.app, a.admin, a.id, { name: `KB ${slot}`, description: `${SECRET} ${slot}` });
  const file = withFile
    ? await addKbFile(ctx.app, a.admin, a.id, kb.id, {
        name: `${slot}-secret.txt`,
        type: "text/plain",
        bytes: `${SECRET} file ${slot}`,
      })
    : null;
  ids[slot] = { kb: kb.id, file: file?.id ?? "" };
  return [`${SECRET} ${slot}`, ...(file ? [`${slot}-secret.txt`] : [])];
}

const kbIntact =
  (slot: string, fileToo = false) =>
  async (ctx: any, f: any) => {
    const res = await call(ctx.app, "GET", `/api/kb/manage?orgId=${f.a.id}&id=${ids[slot]!.kb}`, {
      token: f.a.admin.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.knowledgeBase.description).toBe(`${SECRET} ${slot}`);
    if (fileToo) {
      const file = await call(
        ctx.app,
        "GET",
        `/api/kb/files?orgId=${f.a.id}&kbId=${ids[slot]!.kb}&fileId=${ids[slot]!.file}`,
        { token: f.a.admin.token },
      );
      expect(file.status).toBe(200);
      expect(file.body.file.extractedData).toEqual({});
      expect(file.body.file.processingStatus).not.toBe("failed");
    }
  };

const body = (slot: string) => ({ name: "Hijacked", description: "x", embeddingModel: EMBEDDING, _: slot });

export const kbTenancyCases: TenancyCases = {
  "GET /api/kb/manage": {
    seed: (ctx, a) => seed(ctx, a, "read", false),
    attacks: (f) => [
      { method: "GET", path: `/api/kb/manage?orgId=${f.a.id}` },
      { method: "GET", path: `/api/kb/manage?orgId=${f.a.id}&id=${ids.read!.kb}` },
      { method: "GET", path: `/api/kb/manage?id=${ids.read!.kb}` },
      { method: "GET", path: "/api/kb/manage" },
    ],
    control: (f) => ({ method: "GET", path: `/api/kb/manage?orgId=${f.a.id}&id=${ids.read!.kb}`, as: "member" }),
  },
  "POST /api/kb/manage": {
    attacks: (f) => [{ method: "POST", path: `/api/kb/manage?orgId=${f.a.id}`, body: body("create") }],
    intact: async (ctx, f) => {
      const res = await call(ctx.app, "GET", `/api/kb/manage?orgId=${f.a.id}`, { token: f.a.admin.token });
      expect(res.body.knowledgeBases.map((k: { name: string }) => k.name)).not.toContain("Hijacked");
    },
  },
  "PUT /api/kb/manage": {
    seed: (ctx, a) => seed(ctx, a, "update", false),
    attacks: (f) => [
      { method: "PUT", path: `/api/kb/manage?orgId=${f.a.id}&id=${ids.update!.kb}`, body: body("update") },
      { method: "PUT", path: `/api/kb/manage?id=${ids.update!.kb}`, body: body("update") },
    ],
    intact: kbIntact("update"),
  },
  "DELETE /api/kb/manage": {
    seed: (ctx, a) => seed(ctx, a, "delete", false),
    attacks: (f) => [
      { method: "DELETE", path: `/api/kb/manage?orgId=${f.a.id}&id=${ids.delete!.kb}` },
      { method: "DELETE", path: `/api/kb/manage?id=${ids.delete!.kb}` },
    ],
    intact: kbIntact("delete"),
  },
  "GET /api/kb/files": {
    seed: (ctx, a) => seed(ctx, a, "files"),
    attacks: (f) => [
      { method: "GET", path: `/api/kb/files?orgId=${f.a.id}&kbId=${ids.files!.kb}` },
      { method: "GET", path: `/api/kb/files?kbId=${ids.files!.kb}` },
      { method: "GET", path: `/api/kb/files?kbId=${ids.files!.kb}&fileId=${ids.files!.file}` },
    ],
    control: (f) => ({ method: "GET", path: `/api/kb/files?orgId=${f.a.id}&kbId=${ids.files!.kb}`, as: "member" }),
  },
  "POST /api/kb/files": {
    seed: (ctx, a) => seed(ctx, a, "associate"),
    attacks: (f) => [
      // B tries to pull A's uploaded file into its own knowledge base, and to add to A's.
      {
        method: "POST",
        path: `/api/kb/files?orgId=${f.a.id}`,
        body: { kbId: ids.associate!.kb, fileId: ids.associate!.file, fileName: "x.txt", fileKey: "x" },
      },
      {
        method: "POST",
        path: "/api/kb/files",
        body: {
          kbId: ids.associate!.kb,
          fileId: ids.associate!.file,
          fileName: "x.txt",
          fileKey: `org/${f.a.id}/kb/${ids.associate!.file}/associate-secret.txt`,
        },
      },
    ],
    intact: kbIntact("associate", true),
  },
  "DELETE /api/kb/files": {
    seed: (ctx, a) => seed(ctx, a, "deleteFile"),
    attacks: (f) => [
      {
        method: "DELETE",
        path: `/api/kb/files?orgId=${f.a.id}&kbId=${ids.deleteFile!.kb}&fileId=${ids.deleteFile!.file}`,
      },
      { method: "DELETE", path: `/api/kb/files?kbId=${ids.deleteFile!.kb}&fileId=${ids.deleteFile!.file}` },
    ],
    intact: kbIntact("deleteFile", true),
  },
  "PATCH /api/kb/files": {
    seed: (ctx, a) => seed(ctx, a, "review"),
    attacks: (f) => [
      {
        method: "PATCH",
        path: `/api/kb/files?orgId=${f.a.id}`,
        body: { kbId: ids.review!.kb, fileId: ids.review!.file, extractedData: { hijacked: true } },
      },
      {
        method: "PATCH",
        path: "/api/kb/files",
        body: { kbId: ids.review!.kb, fileId: ids.review!.file, extractedData: { hijacked: true } },
      },
    ],
    intact: kbIntact("review", true),
  },
  "POST /api/kb/process": {
    seed: (ctx, a) => seed(ctx, a, "process"),
    attacks: (f) => [
      {
        method: "POST",
        path: `/api/kb/process?orgId=${f.a.id}`,
        body: { knowledgeBaseId: ids.process!.kb, fileId: ids.process!.file },
      },
      {
        method: "POST",
        path: "/api/kb/process",
        body: { knowledgeBaseId: ids.process!.kb, fileId: ids.process!.file },
      },
    ],
    intact: kbIntact("process", true),
  },
};
