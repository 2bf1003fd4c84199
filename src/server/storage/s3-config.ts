// The S3_* environment variables, parsed on their own until they are folded into config.ts.
// Without S3_BUCKET the built-in local store is used.
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const s3Env = z.object({
  S3_BUCKET: z.string().trim().optional(),
  // "auto" for Cloudflare R2; any region works for MinIO and s3rver.
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  S3_ENDPOINT: z.string().url("S3_ENDPOINT must be a URL").optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
});

export interface S3Config {
  bucket: string;
  region: string;
  endpoint?: string;
  /** Omitted: the SDK's default chain (environment, instance role, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

export function loadS3Config(env: Record<string, string | undefined> = process.env): S3Config | null {
  const e = s3Env.parse(env);
  if (!e.S3_BUCKET) return null;
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together");
  }
  return {
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT,
    credentials: e.S3_ACCESS_KEY_ID
      ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! }
      : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE,
  };
}
