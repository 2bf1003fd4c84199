// API-16: a short-lived signed URL for a file the caller may read.
import { AppError } from "../errors";
import { DOWNLOAD_URL_TTL_SECONDS, type Disposition } from "../storage/blob-store";
import { blobStore, missingFileError } from "../storage/store";
import { canReadKey } from "./access";

const notFound = () => new AppError("not_found", "File not found");

export async function presignDownload(input: {
  orgId: string;
  userId: string;
  isAdmin: boolean;
  r2Path: string;
  filename?: string;
  disposition?: Disposition;
}) {
  const key = input.r2Path.replace(/^\/+/, "");
  // Another organisation's file, another member's upload or its extracted text, or a key of no known
  // kind, is reported exactly like a missing one.
  if (!(await canReadKey(input, key))) throw notFound();
  const store = blobStore();
  if (!(await store.exists(key))) throw missingFileError(notFound());
  const filename = input.filename || key.slice(key.lastIndexOf("/") + 1);
  const signedUrl = await store.presignGet({
    key,
    filename,
    disposition: input.disposition ?? "attachment",
    expiresIn: DOWNLOAD_URL_TTL_SECONDS,
  });
  return { signedUrl };
}
