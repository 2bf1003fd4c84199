// /api/agents (API-08, hub §7): the organisation's agents, one agent, save and delete. Read by the
// Control Hub, chat, the dashboard, settings and onboarding, which all share these cache entries.
import useSWR from "swr";
import type { z } from "zod";
import type { Agent, saveAgentInput } from "@/shared/agents/schema";
import { callApi, fetcher, type HttpError } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";

/** GET: the agents, not deleted, by name. */
export const agentsKey = (orgId: string) => orgPath(orgId, "/api/agents");
/** GET ?id=N: one agent, or 404 "Agent not found". */
export const agentKey = (orgId: string, id: number) => orgPath(orgId, `/api/agents?id=${id}`);

export function useAgents(orgId: string) {
  return useSWR<Agent[], HttpError>(agentsKey(orgId), fetcher);
}

export function useAgent(orgId: string, id: number | null) {
  return useSWR<Agent, HttpError>(id === null ? null : agentKey(orgId, id), fetcher, {
    // A missing agent stays missing: no point retrying a 404.
    shouldRetryOnError: (err: HttpError) => err.status !== 404,
  });
}

/** POST: creates, or updates when the payload has an `id`; fields left out take the server's defaults. */
export const saveAgent = (orgId: string, payload: z.input<typeof saveAgentInput>) =>
  callApi<Agent>(agentsKey(orgId), { method: "POST", body: payload });

export const deleteAgent = (orgId: string, agentId: number) =>
  callApi<{ success: true }>(agentsKey(orgId), { method: "DELETE", body: { agentId } });
