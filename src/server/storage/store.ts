// The process-wide blob store, chosen once from the configuration (services.ts): S3 when S3_BUCKET is set,
// otherwise files under DATA_DIR signed by the server.
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
