// Requests and responses of the file calls (chat spec §3 and §7: API-13, API-15, API-16).
import { z } from "zod";

export const UPLOAD_PURPOSES = ["chat", "knowledge-base"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

export const presignUploadInput = z.object({
  filename: z.string({ required_error: "filename is required" }).trim().min(1, "filename is required").max(1000),
  contentType: z.string().max(255).optional().default(""),
  /** Optional: lets the server refuse an oversize file before it is sent (and bind it on S3). */
  size: z.number().int().nonnegative().optional(),
  /** "knowledge-base": the 250 MB limit and the knowledge-base type list (hub §5); default "chat". */
  purpose: z.enum(UPLOAD_PURPOSES).optional().default("chat"),
});

/** API-13: the presigned upload response; `headers` are the ones the upload must carry. */
export interface PresignedUpload {
  url: string;
  method: "PUT";
  headers: Record<string, string>;
  fileId: string;
  key: string;
  contentKey: string;
  metadata: { orgId: string; userId: string };
}

export const extractContentInput = z.object({
  key: z.string({ required_error: "key is required" }).min(1, "key is required").max(2000),
  contentKey: z.string().max(2000).optional(),
  contentType: z.string().max(255).optional(),
  fileName: z.string().max(1000).optional(),
});

/** API-15: "success" or "skipped" are successes; anything else is a failure. */
export type ExtractContentResult =
  | { status: "success"; contentKey: string; characters: number; truncated: boolean }
  | { status: "skipped"; reason: string }
  | { status: "error"; error: string };

export const DOWNLOAD_FIELDS_REQUIRED = "r2Path and filename are required for download.";

export const presignDownloadInput = z
  .object({
    r2Path: z.string().max(2000).optional(),
    filename: z.string().max(1000).optional(),
    disposition: z.enum(["inline", "attachment"]).optional(),
  })
  .refine((v) => !!v.r2Path && (!!v.filename || v.disposition === "inline"), { message: DOWNLOAD_FIELDS_REQUIRED });

/** API-16. */
export interface PresignedDownload {
  signedUrl: string;
}
