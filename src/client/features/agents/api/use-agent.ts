// GET /api/agents?id=N: one agent, or 404 "Agent not found".
import useSWR from "swr";
import type { Agent } from "@/shared/agents/schema";
import { fetcher, type HttpError } from "@/client/lib/api";

export const agentKey = (orgId: string, id: number) => `/api/agents?orgId=${encodeURIComponent(orgId)}&id=${id}`;

export function useAgent(orgId: string, id: number | null) {
  return useSWR<Agent, HttpError>(id === null ? null : agentKey(orgId, id), fetcher, {
    // A missing agent stays missing: no point retrying a 404.
    shouldRetryOnError: (err: HttpError) => err.status !== 404,
  });
}
