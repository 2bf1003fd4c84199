// The built-in store: files under DATA_DIR/files/<key>, their type and metadata beside them under
// DATA_DIR/files-meta/<key>.json. Presigned URLs point at our own /api/blob/* routes and are signed
// with HMAC-SHA256 (signed-url.ts); blob-routes.ts serves them.
import { createReadStream, createWriteStream } from "node:fs";
import { copyFile, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomUUID } from "node:crypto";
import { AppError } from "../errors";
import { mediaTypeOf } from "../../shared/files/content-types";
import { assertValidKey, isValidKey } from "./keys";
import { signUrl, verifyUrl, type UrlShape } from "./signed-url";
import {
  MAX_DOWNLOAD_URL_TTL_SECONDS,
  UPLOAD_URL_TTL_SECONDS,
  assertDownloadTtl,
  contentDisposition,
  isActiveContent,
  metadataHeader,
  type BlobStore,
  type Disposition,
  type ObjectInfo,
  type PresignGetInput,
  type PresignPutInput,
  type PresignedPut,
  type StoredObject,
} from "./blob-store";

export const BLOB_UPLOAD_PATH = "/api/blob/upload";
export const BLOB_DOWNLOAD_PATH = "/api/blob/download";

const META_PREFIX = "meta-";

const UPLOAD_URL: UrlShape = {
  method: "PUT",
  path: BLOB_UPLOAD_PATH,
  required: ["key", "type", "max"],
  prefix: META_PREFIX,
  maxTtlSeconds: UPLOAD_URL_TTL_SECONDS,
};
const DOWNLOAD_URL: UrlShape = {
  method: "GET",
  path: BLOB_DOWNLOAD_PATH,
  required: ["key", "disp"],
  optional: ["name"],
  maxTtlSeconds: MAX_DOWNLOAD_URL_TTL_SECONDS,
};

interface Sidecar {
  contentType: string;
  size: number;
  metadata: Record<string, string>;
}

export interface DownloadResponse {
  body: ReadableStream<Uint8Array>;
  headers: Record<string, string>;
}

const refused = (reason: "signature" | "expired") =>
  new AppError("forbidden", reason === "expired" ? "This link has expired" : "Invalid or tampered signature");

export class LocalBlobStore implements BlobStore {
  readonly kind = "local" as const;
  private readonly filesDir: string;
  private readonly metaDir: string;

  constructor(
    dataDir: string,
    private readonly secret: Buffer,
    private readonly now: () => number = Date.now,
  ) {
    this.filesDir = path.join(dataDir, "files");
    this.metaDir = path.join(dataDir, "files-meta");
  }

  private filePath(key: string) {
    assertValidKey(key);
    return path.join(this.filesDir, ...key.split("/"));
  }

  private metaPath(key: string) {
    assertValidKey(key);
    return path.join(this.metaDir, ...key.split("/")) + ".json";
  }

  async presignPut({ key, contentType, maxBytes, metadata }: PresignPutInput): Promise<PresignedPut> {
    assertValidKey(key);
    const params: Record<string, string> = { key, type: contentType, max: String(maxBytes) };
    const headers: Record<string, string> = { "Content-Type": contentType };
    for (const [name, value] of Object.entries(metadata)) {
      params[META_PREFIX + name] = value;
      headers[metadataHeader(name)] = value;
    }
    return {
      url: signUrl(this.secret, UPLOAD_URL, params, UPLOAD_URL_TTL_SECONDS, this.now()),
      method: "PUT",
      headers,
    };
  }

  async presignGet({ key, filename, disposition, expiresIn }: PresignGetInput): Promise<string> {
    assertValidKey(key);
    assertDownloadTtl(expiresIn);
    const params: Record<string, string> = { key, disp: disposition };
    if (filename) params.name = filename;
    return signUrl(this.secret, DOWNLOAD_URL, params, expiresIn, this.now());
  }

  async put(key: string, bytes: Uint8Array, contentType: string, metadata: Record<string, string> = {}): Promise<void> {
    await this.commit(
      key,
      async (tmp) => writeFile(tmp, bytes),
      () => ({ contentType, size: bytes.byteLength, metadata }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    const info = await this.head(key);
    if (!info) return null;
    const bytes = await readFile(this.filePath(key)).catch(() => null);
    return bytes
      ? {
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: info.contentType,
          size: bytes.byteLength,
        }
      : null;
  }

  async openRead(key: string): Promise<NodeJS.ReadableStream | null> {
    if (!(await this.head(key))) return null;
    return createReadStream(this.filePath(key));
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    const { size } = await stat(filePath);
    await this.commit(
      key,
      (tmp) => copyFile(filePath, tmp),
      () => ({ contentType, size, metadata: {} }),
    );
  }

  async head(key: string): Promise<ObjectInfo | null> {
    if (!isValidKey(key)) return null;
    const sidecar = await this.sidecar(key);
    const stats = await stat(this.filePath(key)).catch(() => null);
    if (!stats?.isFile()) return null;
    return { contentType: sidecar?.contentType ?? "application/octet-stream", size: stats.size };
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    if (!isValidKey(key)) return;
    await rm(this.filePath(key), { force: true });
    await rm(this.metaPath(key), { force: true });
  }

  /**
   * PUT /api/blob/upload: checks the signature (constant time), the expiry, the content type and the
   * metadata headers, then streams the body to disk and stops at the signed size limit (413).
   */
  async acceptUpload(query: URLSearchParams, headers: Headers, body: ReadableStream<Uint8Array> | null): Promise<void> {
    const verified = verifyUrl(this.secret, UPLOAD_URL, query, this.now());
    if (!verified.ok) throw refused(verified.reason);
    const { key, type, max } = verified.params;
    const maxBytes = Number(max);
    if (!key || !type || !isValidKey(key) || !Number.isSafeInteger(maxBytes)) throw refused("signature");
    if (mediaTypeOf(headers.get("content-type") ?? "") !== mediaTypeOf(type)) {
      throw new AppError("forbidden", "The Content-Type header does not match the signed upload URL");
    }
    const metadata: Record<string, string> = {};
    for (const [name, value] of Object.entries(verified.params)) {
      if (!name.startsWith(META_PREFIX)) continue;
      const field = name.slice(META_PREFIX.length);
      if (headers.get(metadataHeader(field)) !== value) {
        throw new AppError("forbidden", `The ${metadataHeader(field)} header does not match the signed upload URL`);
      }
      metadata[field] = value;
    }
    const declared = Number(headers.get("content-length") ?? NaN);
    if (declared > maxBytes) throw tooLarge(maxBytes);
    if (!body) throw new AppError("bad_request", "The upload has no body");

    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(size > maxBytes ? tooLarge(maxBytes) : null, chunk);
      },
    });
    await this.commit(
      key,
      (tmp) => pipeline(Readable.fromWeb(body as never), limit, createWriteStream(tmp)),
      () => ({ contentType: type, size, metadata }),
    );
  }

  /** GET /api/blob/download: the file with its type, the signed disposition and no sniffing. */
  async openDownload(query: URLSearchParams): Promise<DownloadResponse> {
    const verified = verifyUrl(this.secret, DOWNLOAD_URL, query, this.now());
    if (!verified.ok) throw refused(verified.reason);
    const { key, disp, name } = verified.params;
    if (!key || !isValidKey(key) || (disp !== "inline" && disp !== "attachment")) throw refused("signature");
    const info = await this.head(key);
    if (!info) throw new AppError("not_found", "File not found");
    const disposition: Disposition = disp === "inline" && !isActiveContent(info.contentType) ? "inline" : "attachment";
    const headers: Record<string, string> = {
      "Content-Type": info.contentType,
      "Content-Length": String(info.size),
      "Content-Disposition": contentDisposition(disposition, name),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, max-age=300",
    };
    // A document opened from our origin must not run script; PDF viewers refuse sandboxed documents.
    if (info.contentType !== "application/pdf")
      headers["Content-Security-Policy"] = "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'";
    return { body: Readable.toWeb(createReadStream(this.filePath(key))) as ReadableStream<Uint8Array>, headers };
  }

  private async sidecar(key: string): Promise<Sidecar | null> {
    const raw = await readFile(this.metaPath(key), "utf8").catch(() => null);
    return raw ? (JSON.parse(raw) as Sidecar) : null;
  }

  /** Writes to a temporary file, then renames over the key: readers never see half a file. */
  private async commit(key: string, write: (tmp: string) => Promise<unknown>, sidecar: () => Sidecar) {
    const target = this.filePath(key);
    const tmp = `${target}.${randomUUID()}.partial`;
    await mkdir(path.dirname(target), { recursive: true });
    try {
      await write(tmp);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    const meta = this.metaPath(key);
    await mkdir(path.dirname(meta), { recursive: true });
    await writeFile(meta, JSON.stringify(sidecar()));
    await rename(tmp, target);
  }
}

const tooLarge = (maxBytes: number) =>
  new AppError(
    "payload_too_large",
    `File is too large. Maximum file size is ${Math.round(maxBytes / (1024 * 1024))}MB.`,
  );
