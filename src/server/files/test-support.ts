// Test helpers: uploading a file the way the chat client does (presign, send, extract).
import type { App } from "../app";
import { call, type Identity } from "../test/http";
import type { PresignedUpload } from "../../shared/files/schema";

/** Sends bytes to a presigned URL: our own routes through app.request, an S3 URL over the network. */
export function sendToUrl(app: App, url: string, init: RequestInit): Promise<Response> {
  return url.startsWith("/") ? Promise.resolve(app.request(url, init)) : fetch(url, init);
}

export async function presign(
  app: App,
  who: Identity,
  orgId: string,
  filename: string,
  contentType: string,
  size?: number,
) {
  const res = await call<PresignedUpload>(app, "POST", `/api/upload/presigned?orgId=${orgId}`, {
    token: who.token,
    body: { filename, contentType, ...(size === undefined ? {} : { size }) },
  });
  if (res.status !== 200) throw new Error(`presign failed: ${res.status} ${res.text}`);
  return res.body;
}

export async function putFile(
  app: App,
  upload: PresignedUpload,
  bytes: Uint8Array | string,
  headers: Record<string, string> = upload.headers,
) {
  return sendToUrl(app, upload.url, {
    method: upload.method,
    headers,
    body: typeof bytes === "string" ? bytes : new Blob([bytes as BlobPart]),
  });
}

/** Presign, send and (unless told otherwise) extract; returns the presign response and the extraction's. */
export async function uploadFile(
  app: App,
  who: Identity,
  orgId: string,
  file: { name: string; type: string; bytes: Uint8Array | string },
  opts: { extract?: boolean } = {},
) {
  const upload = await presign(app, who, orgId, file.name, file.type);
  const put = await putFile(app, upload, file.bytes);
  if (put.status !== 200) throw new Error(`upload failed: ${put.status} ${await put.text()}`);
  if (opts.extract === false) return { upload, extraction: null };
  const extraction = await call(app, "POST", `/api/files/extractContent?orgId=${orgId}`, {
    token: who.token,
    body: { key: upload.key, contentKey: upload.contentKey, contentType: file.type, fileName: file.name },
  });
  return { upload, extraction };
}

export async function signedDownload(app: App, who: Identity, orgId: string, body: Record<string, unknown>) {
  return call<{ signedUrl: string; error?: string }>(app, "POST", `/api/files/presigned_download?orgId=${orgId}`, {
    token: who.token,
    body,
  });
}
