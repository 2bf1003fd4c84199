// API-16: a short-lived signed URL for a file in the caller's organisation.
import { AppError } from "../errors";
import { DOWNLOAD_URL_TTL_SECONDS, type Disposition } from "../storage/blob-store";
import { blobStore } from "../storage/store";
import { isOrgKey } from "./keys";
import { getFileByKey } from "./queries";

const notFound = () => new AppError("not_found", "File not found");

/**
 * Any key under org/<orgId>/ is the organisation's; an upload (a key with a file row) is, like the
 * conversation it was sent in (decision 008), its uploader's and the organisation admins'.
 */
export async function presignDownload(input: {
  orgId: string;
  userId: string;
  isAdmin: boolean;
  r2Path: string;
  filename?: string;
  disposition?: Disposition;
}) {
  const { orgId } = input;
  const key = input.r2Path.replace(/^\/+/, "");
  // Another organisation's file, or another member's upload, is reported exactly like a missing one.
  if (!isOrgKey(orgId, key)) throw notFound();
  const row = await getFileByKey({ orgId, key });
  if (row && row.userId !== input.userId && !input.isAdmin) throw notFound();
  const store = blobStore();
  if (!(await store.exists(key))) throw notFound();
  const filename = input.filename || key.slice(key.lastIndexOf("/") + 1);
  const signedUrl = await store.presignGet({ key, filename, disposition: input.disposition ?? "attachment", expiresIn: DOWNLOAD_URL_TTL_SECONDS });
  return { signedUrl };
}
