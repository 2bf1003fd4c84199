// GET /api/kb/manage (API-33): the organisation's knowledge bases. Read by the Knowledge Bases tab and
// by the agent form's list of knowledge bases search_knowledge_base may search, from one cache entry.
import useSWR from "swr";
import type { KnowledgeBasesResponse } from "@/shared/knowledge-bases";
import { fetcher, type HttpError } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";

export const knowledgeBasesKey = (orgId: string) => orgPath(orgId, "/api/kb/manage");
/** Every organisation's list entry: a change to one knowledge base refreshes whichever list is cached. */
export const isKnowledgeBasesKey = (key: unknown) => typeof key === "string" && key.startsWith("/api/kb/manage?");

export function useKnowledgeBases(orgId: string) {
  return useSWR<KnowledgeBasesResponse, HttpError>(knowledgeBasesKey(orgId), fetcher);
}
