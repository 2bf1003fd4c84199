// /api/kb/manage (API-33..37): one knowledge base, create, update, delete. The list read lives in
// client/api/knowledge-bases.ts because the agent form reads it too.
import useSWR from "swr";
import { callApi, fetcher, type HttpError } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";
import type { KnowledgeBase } from "@/shared/knowledge-bases";

export interface KbPayload {
  name: string;
  description: string;
  embeddingModel: string;
  extractionModel: string | null;
  extractionSchema: Record<string, unknown> | null;
}

const idParam = (id: string) => `id=${encodeURIComponent(String(id))}`;

/** API-34: GET ?id= → { knowledgeBase, success }. */
export const knowledgeBaseKey = (orgId: string, id: string) => orgPath(orgId, `/api/kb/manage?${idParam(id)}`);

export function useKnowledgeBase(orgId: string, id: string | null) {
  return useSWR<{ success: boolean; knowledgeBase: KnowledgeBase }, HttpError>(
    id === null ? null : knowledgeBaseKey(orgId, id),
    fetcher,
    // A missing knowledge base stays missing: the page sends the user back to the list at once.
    { shouldRetryOnError: (err: HttpError) => err.status >= 500 },
  );
}

type Saved = { success: boolean; knowledgeBase: KnowledgeBase; error?: string };

/** API-35 */
export const createKnowledgeBase = (orgId: string, body: KbPayload) =>
  callApi<Saved>(orgPath(orgId, "/api/kb/manage"), { method: "POST", body });

/** API-36 */
export const updateKnowledgeBase = (orgId: string, id: string, body: KbPayload) =>
  callApi<Saved>(orgPath(orgId, `/api/kb/manage?${idParam(id)}`), { method: "PUT", body });

/** API-37 */
export const deleteKnowledgeBase = (orgId: string, id: string) =>
  callApi<{ success: boolean }>(orgPath(orgId, `/api/kb/manage?${idParam(id)}`), { method: "DELETE" });
