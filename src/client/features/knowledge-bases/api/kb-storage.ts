// Storage calls of a knowledge-base file (hub §7, API-13, API-16): the presigned upload with the
// knowledge-base purpose (250 MB, the knowledge-base types) and signed download/preview URLs.
import { callApi } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";
import type { PresignedUpload } from "@/shared/files/schema";

/** API-13 with the knowledge-base purpose, so the server applies the 250 MB limit and the KB list. */
export const presignKbUpload = (orgId: string, body: { filename: string; contentType: string; size: number }) =>
  callApi<PresignedUpload>(orgPath(orgId, "/api/upload/presigned"), {
    method: "POST",
    body: { ...body, purpose: "knowledge-base" },
  });

/** API-16: an inline URL for the preview, or an attachment URL named `filename` for a download. */
export const signedFileUrl = async (
  orgId: string,
  r2Path: string,
  mode: { disposition: "inline" } | { filename: string },
) =>
  (
    await callApi<{ signedUrl: string }>(orgPath(orgId, "/api/files/presigned_download"), {
      method: "POST",
      body: { r2Path, ...mode },
    })
  ).signedUrl;
