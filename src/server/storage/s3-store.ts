// Any S3-compatible store (AWS S3, Cloudflare R2, MinIO …) with real presigned URLs. The upload URL
// binds the content type (and the size when the client announced it) into the signature; the
// metadata travels as x-amz-meta-* headers the client must send.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { assertValidKey, isValidKey } from "./keys";
import type { S3Config } from "./s3-config";
import {
  UPLOAD_URL_TTL_SECONDS,
  contentDisposition,
  isActiveContent,
  metadataHeader,
  type BlobStore,
  type ObjectInfo,
  type PresignGetInput,
  type PresignPutInput,
  type PresignedPut,
  type StoredObject,
} from "./blob-store";

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === "NoSuchKey" || err.name === "NotFound" || err.$metadata.httpStatusCode === 404);

export class S3BlobStore implements BlobStore {
  readonly kind = "s3" as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Otherwise the presigned PUT carries the checksum of an empty body and real uploads fail.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  async presignPut({ key, contentType, metadata, size }: PresignPutInput): Promise<PresignedPut> {
    assertValidKey(key);
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType, Metadata: metadata, ContentLength: size });
    const metaHeaders = Object.keys(metadata).map(metadataHeader);
    const url = await getSignedUrl(this.client, command, {
      expiresIn: UPLOAD_URL_TTL_SECONDS,
      signableHeaders: new Set(["content-type", ...(size === undefined ? [] : ["content-length"])]),
      unhoistableHeaders: new Set(metaHeaders),
    });
    const headers: Record<string, string> = { "Content-Type": contentType };
    for (const [name, value] of Object.entries(metadata)) headers[metadataHeader(name)] = value;
    return { url, method: "PUT", headers };
  }

  async presignGet({ key, filename, disposition, expiresIn }: PresignGetInput): Promise<string> {
    assertValidKey(key);
    const info = disposition === "inline" ? await this.head(key) : null;
    const safe = disposition === "inline" && info && !isActiveContent(info.contentType) ? "inline" : "attachment";
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition: contentDisposition(safe, filename) });
    return getSignedUrl(this.client, command, { expiresIn });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isValidKey(key)) return null;
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const bytes = await res.Body!.transformToByteArray();
      return { bytes, contentType: res.ContentType ?? "application/octet-stream", size: bytes.byteLength };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    if (!isValidKey(key)) return null;
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { contentType: res.ContentType ?? "application/octet-stream", size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    if (!isValidKey(key)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
