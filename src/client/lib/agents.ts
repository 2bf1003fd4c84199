// GET /api/agents: the organisation's agents, not deleted, by name. Shared by the Control Hub, chat and
// onboarding so that they read and refresh one cache entry.
import useSWR from "swr";
import type { Agent } from "@/shared/agents/schema";
import { fetcher, type HttpError } from "./api";

export const agentsKey = (orgId: string) => `/api/agents?orgId=${encodeURIComponent(orgId)}`;

export function useAgents(orgId: string) {
  return useSWR<Agent[], HttpError>(agentsKey(orgId), fetcher);
}
