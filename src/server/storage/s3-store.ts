// Any S3-compatible store (AWS S3, Cloudflare R2, MinIO …) with real presigned URLs. The upload URL
// binds the content type (and the size when the client announced it) into the signature; the
// metadata travels as x-amz-meta-* headers the client must send.
// The SDK (~35 MB resident) loads on first use, so a server that keeps files locally never pays for it.
import type { S3Client } from "@aws-sdk/client-s3";
import { assertValidKey, isValidKey } from "./keys";
import type { S3Config } from "./s3-config";
import {
  UPLOAD_URL_TTL_SECONDS,
  assertDownloadTtl,
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

const importSdk = () =>
  Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/s3-request-presigner")]).then(([s3, presigner]) => ({
    ...s3,
    ...presigner,
  }));
type Sdk = Awaited<ReturnType<typeof importSdk>>;
let sdkLoad: Promise<Sdk> | undefined;
const loadSdk = () => (sdkLoad ??= importSdk());

const isMissing = (sdk: Sdk, err: unknown) =>
  err instanceof sdk.S3ServiceException &&
  (err.name === "NoSuchKey" || err.name === "NotFound" || err.$metadata.httpStatusCode === 404);

export class S3BlobStore implements BlobStore {
  readonly kind = "s3" as const;
  private readonly bucket: string;
  private connected: Promise<{ sdk: Sdk; client: S3Client }> | undefined;

  constructor(private readonly config: S3Config) {
    this.bucket = config.bucket;
  }

  private connect() {
    return (this.connected ??= loadSdk().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.config.region,
        endpoint: this.config.endpoint,
        forcePathStyle: this.config.forcePathStyle,
        credentials: this.config.credentials,
        // Otherwise the presigned PUT carries the checksum of an empty body and real uploads fail.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
    })));
  }

  async presignPut({ key, contentType, metadata, size }: PresignPutInput): Promise<PresignedPut> {
    assertValidKey(key);
    const { sdk, client } = await this.connect();
    const command = new sdk.PutObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ContentType: contentType,
      Metadata: metadata,
      ContentLength: size,
    });
    const metaHeaders = Object.keys(metadata).map(metadataHeader);
    const url = await sdk.getSignedUrl(client, command, {
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
    assertDownloadTtl(expiresIn);
    const { sdk, client } = await this.connect();
    const info = disposition === "inline" ? await this.head(key) : null;
    const safe = disposition === "inline" && info && !isActiveContent(info.contentType) ? "inline" : "attachment";
    const command = new sdk.GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(safe, filename),
    });
    return sdk.getSignedUrl(client, command, { expiresIn });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertValidKey(key);
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isValidKey(key)) return null;
    const { sdk, client } = await this.connect();
    try {
      const res = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const bytes = await res.Body!.transformToByteArray();
      return { bytes, contentType: res.ContentType ?? "application/octet-stream", size: bytes.byteLength };
    } catch (err) {
      if (isMissing(sdk, err)) return null;
      throw err;
    }
  }

  async openRead(key: string): Promise<NodeJS.ReadableStream | null> {
    if (!isValidKey(key)) return null;
    const { sdk, client } = await this.connect();
    try {
      const res = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return res.Body as NodeJS.ReadableStream;
    } catch (err) {
      if (isMissing(sdk, err)) return null;
      throw err;
    }
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    assertValidKey(key);
    const { createReadStream } = await import("node:fs");
    const { stat } = await import("node:fs/promises");
    const { size } = await stat(filePath);
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(filePath),
        ContentLength: size,
        ContentType: contentType,
      }),
    );
  }

  async head(key: string): Promise<ObjectInfo | null> {
    if (!isValidKey(key)) return null;
    const { sdk, client } = await this.connect();
    try {
      const res = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { contentType: res.ContentType ?? "application/octet-stream", size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isMissing(sdk, err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.head(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    if (!isValidKey(key)) return;
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }
}
