// GET /api/agents: the organisation's agents, not deleted, by name.
import useSWR from "swr";
import type { Agent } from "@/shared/agents/schema";
import { fetcher, type HttpError } from "@/client/lib/api";

export const agentsKey = (orgId: string) => `/api/agents?orgId=${encodeURIComponent(orgId)}`;

export function useAgents(orgId: string) {
  return useSWR<Agent[], HttpError>(agentsKey(orgId), fetcher);
}
