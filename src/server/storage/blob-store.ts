// Where uploaded files live: local disk (default) or an S3-compatible store. Callers never build a
// path or a URL themselves; they ask the store for a presigned URL bound to one key.

export interface PresignPutInput {
  key: string;
  contentType: string;
  maxBytes: number;
  /** Stored with the object (x-amz-meta-* headers the upload must carry). Keys: lowercase letters and digits. */
  metadata: Record<string, string>;
  /** When the client announced its size: S3 binds it into the signature. */
  size?: number;
}

export interface PresignedPut {
  url: string;
  method: "PUT";
  /** Headers the upload must send exactly as given. */
  headers: Record<string, string>;
}

export type Disposition = "inline" | "attachment";

export interface PresignGetInput {
  key: string;
  filename?: string;
  disposition: Disposition;
  /** Seconds. */
  expiresIn: number;
}

export interface StoredObject {
  bytes: Uint8Array;
  contentType: string;
  size: number;
}

export interface ObjectInfo {
  contentType: string;
  size: number;
}

export interface BlobStore {
  readonly kind: "local" | "s3";
  presignPut(input: PresignPutInput): Promise<PresignedPut>;
  presignGet(input: PresignGetInput): Promise<string>;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredObject | null>;
  /** The object as a stream, never whole in memory (knowledge-base files are up to 250 MB); null when missing. */
  openRead(key: string): Promise<NodeJS.ReadableStream | null>;
  /** Stores a file from disk by streaming it. */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  head(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

export const UPLOAD_URL_TTL_SECONDS = 15 * 60;
export const DOWNLOAD_URL_TTL_SECONDS = 5 * 60;
/** No download URL, built-in or S3, may live longer (decision 023): a leaked link dies within the quarter hour. */
export const MAX_DOWNLOAD_URL_TTL_SECONDS = 15 * 60;

export function assertDownloadTtl(expiresIn: number): void {
  if (!Number.isInteger(expiresIn) || expiresIn <= 0 || expiresIn > MAX_DOWNLOAD_URL_TTL_SECONDS) {
    throw new RangeError(`A download URL lives 1 to ${MAX_DOWNLOAD_URL_TTL_SECONDS} seconds, not ${expiresIn}`);
  }
}

export const metadataHeader = (name: string) => `x-amz-meta-${name}`;

/**
 * Types a browser would run as a page (scripts and all). Served inline from our own origin they could
 * act as the signed-in user, so inline requests for them become attachments.
 */
const ACTIVE_TYPES = new Set([
  "text/html",
  "application/xhtml+xml",
  "text/xml",
  "application/xml",
  "image/svg+xml",
  "text/javascript",
  "application/javascript",
]);
export const isActiveContent = (contentType: string) =>
  ACTIVE_TYPES.has(contentType.split(";")[0]!.trim().toLowerCase());

/** RFC 6266 / 5987: a plain ASCII fallback and the exact UTF-8 name. */
export function contentDisposition(disposition: Disposition, filename?: string): string {
  if (!filename) return disposition;
  const fallback = filename.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
