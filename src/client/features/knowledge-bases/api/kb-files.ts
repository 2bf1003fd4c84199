// /api/kb/files and /api/kb/process (API-38..43): a knowledge base's files, one file, associate an
// upload, delete, save a review, retry processing.
import useSWR from "swr";
import { callApi, fetcher, type HttpError } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";
import type { KbFile } from "../files-table-model";
import { isFileInProgress } from "../kb-labels";

type FileId = KbFile["id"];
const q = (v: string | FileId) => encodeURIComponent(String(v));

/** Status updates while files are processed: often enough to feel live, light enough for many tabs. */
export const FILES_POLL_MS = 2000;

/** API-38: GET ?kbId= → { success, files }. */
export const kbFilesKey = (orgId: string, kbId: string) => orgPath(orgId, `/api/kb/files?kbId=${q(kbId)}`);

/** Polls while any file is pending or processing, and stops once every file has settled. */
export function useKbFiles(orgId: string, kbId: string | null) {
  return useSWR<{ success: boolean; files: KbFile[] }, HttpError>(
    kbId === null ? null : kbFilesKey(orgId, kbId),
    fetcher,
    {
      refreshInterval: (data) => (data?.files.some((f) => isFileInProgress(f.processingStatus)) ? FILES_POLL_MS : 0),
    },
  );
}

/** API-39: GET ?kbId=&fileId= → { success, file }. */
export const kbFileKey = (orgId: string, kbId: string, fileId: FileId) =>
  orgPath(orgId, `/api/kb/files?kbId=${q(kbId)}&fileId=${q(fileId)}`);

export function useKbFile(orgId: string, kbId: string | null, fileId: FileId | null) {
  return useSWR<{ success: boolean; file: KbFile }, HttpError>(
    kbId === null || fileId === null ? null : kbFileKey(orgId, kbId, fileId),
    fetcher,
    { shouldRetryOnError: (err: HttpError) => err.status >= 500, revalidateOnFocus: false },
  );
}

export interface AssociateFileInput {
  kbId: string;
  fileId: string;
  fileName: string;
  fileKey: string;
  contentKey: string;
  contentType: string;
  fileSize: number;
}

/** API-40: the upload is in storage; this makes it the knowledge base's file (KB-64). */
export const associateKbFile = (orgId: string, body: AssociateFileInput) =>
  callApi<{ success: boolean; file?: KbFile }>(orgPath(orgId, "/api/kb/files"), { method: "POST", body });

/** API-41 */
export const deleteKbFile = (orgId: string, kbId: string, fileId: FileId) =>
  callApi<{ success: boolean }>(kbFileKey(orgId, kbId, fileId), { method: "DELETE" });

/** API-42 */
export const saveExtractedData = (
  orgId: string,
  body: { kbId: string; fileId: FileId; extractedData: Record<string, unknown> },
) => callApi<{ success: boolean; file?: KbFile }>(orgPath(orgId, "/api/kb/files"), { method: "PATCH", body });

/** API-43 */
export const retryKbFile = (orgId: string, knowledgeBaseId: string, fileId: FileId) =>
  callApi<{ success: boolean; error?: string }>(orgPath(orgId, "/api/kb/process"), {
    method: "POST",
    body: { knowledgeBaseId, fileId },
  });
