// Test helpers: knowledge bases and their files made through the API, as the client makes them.
import type { App } from "../app";
import { call, type Identity } from "../test/http";
import type { PresignedUpload } from "../../shared/files/schema";
import type { KnowledgeBase, KnowledgeBaseFile } from "../../shared/knowledge-bases";
import { putFile } from "../files/test-support";

export async function createKb(app: App, admin: Identity, orgId: string, fields: Record<string, unknown> = {}) {
  const res = await call<{ knowledgeBase: KnowledgeBase }>(app, "POST", `/api/kb/manage?orgId=${orgId}`, {
    token: admin.token,
    body: { name: "Handbook", description: "", embeddingModel: "openai:text-embedding-3-small", ...fields },
  });
  if (res.status !== 201) throw new Error(`create kb failed: ${res.status} ${res.text}`);
  return res.body.knowledgeBase;
}

export async function presignKb(app: App, who: Identity, orgId: string, filename: string, contentType: string) {
  const res = await call<PresignedUpload>(app, "POST", `/api/upload/presigned?orgId=${orgId}`, {
    token: who.token,
    body: { filename, contentType, purpose: "knowledge-base" },
  });
  if (res.status !== 200) throw new Error(`presign failed: ${res.status} ${res.text}`);
  return res.body;
}

export function associate(app: App, who: Identity, orgId: string, kbId: string, upload: PresignedUpload, name: string) {
  return call<{ file: KnowledgeBaseFile; error?: string }>(app, "POST", `/api/kb/files?orgId=${orgId}`, {
    token: who.token,
    body: {
      kbId,
      fileId: upload.fileId,
      fileName: name,
      fileKey: upload.key,
      contentKey: upload.contentKey,
      contentType: upload.headers["Content-Type"],
      fileSize: 1,
    },
  });
}

/** Presign (purpose "knowledge-base"), send and associate: what the detail page's upload does. */
export async function addKbFile(
  app: App,
  who: Identity,
  orgId: string,
  kbId: string,
  file: { name: string; type: string; bytes: Uint8Array | string },
): Promise<KnowledgeBaseFile> {
  const upload = await presignKb(app, who, orgId, file.name, file.type);
  const put = await putFile(app, upload, file.bytes);
  if (put.status !== 200) throw new Error(`upload failed: ${put.status} ${await put.text()}`);
  const res = await associate(app, who, orgId, kbId, upload, file.name);
  if (res.status !== 201) throw new Error(`associate failed: ${res.status} ${res.text}`);
  return res.body.file;
}

export async function getKbFile(app: App, who: Identity, orgId: string, kbId: string, fileId: string) {
  const res = await call<{ file: KnowledgeBaseFile }>(
    app,
    "GET",
    `/api/kb/files?orgId=${orgId}&kbId=${kbId}&fileId=${fileId}`,
    { token: who.token },
  );
  if (res.status !== 200) throw new Error(`get file failed: ${res.status} ${res.text}`);
  return res.body.file;
}
