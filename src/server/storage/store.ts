// The process-wide blob store, chosen once from the configuration (services.ts): S3 when S3_BUCKET is set,
// otherwise files under DATA_DIR signed by the server.
import { AppError } from "../errors";
import type { BlobStore } from "./blob-store";
import { LocalBlobStore } from "./local-store";
import { loadS3Config } from "./s3-config";
import { S3BlobStore } from "./s3-store";

let current: BlobStore | null = null;

export function createBlobStore(opts: {
  dataDir: string;
  signingKey: Buffer;
  env?: Record<string, string | undefined>;
}): BlobStore {
  const s3 = loadS3Config(opts.env);
  return s3 ? new S3BlobStore(s3) : new LocalBlobStore(opts.dataDir, opts.signingKey);
}

export function blobStore(): BlobStore {
  if (!current) throw new Error("The blob store is not initialised: call setBlobStore() at start-up");
  return current;
}

/** Installs the store (start-up, services.ts; tests that run the routes against S3); returns the previous one. */
export function setBlobStore(store: BlobStore): BlobStore | null {
  const previous = current;
  current = store;
  return previous;
}

/**
 * Set at start when files stay on this server's disk while the database is shared with other servers
 * (DATABASE_URL without S3_BUCKET): a file the database knows may then be on another server's disk.
 */
let filesMayBeOnOtherServers = false;

export function setFilesMayBeOnOtherServers(value: boolean) {
  filesMayBeOnOtherServers = value;
}

export const FILE_ON_ANOTHER_SERVER =
  "File not found on this server: files uploaded through another server of this installation are not shared. An administrator can set S3_BUCKET so that every server shares files.";

/** The error for a file the database knows but the store lacks: `fallback` unless it may be on another server. */
export function missingFileError(fallback: AppError): AppError {
  return filesMayBeOnOtherServers ? new AppError(fallback.code, FILE_ON_ANOTHER_SERVER) : fallback;
}
