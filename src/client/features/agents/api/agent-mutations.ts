// POST and DELETE /api/agents. Callers decide what to toast; these only talk to the server.
import type { Agent, SaveAgentInput } from "@/shared/agents/schema";
import { authFetch } from "@/client/lib/api";

/** `id` in the payload means update. */
export const saveAgent = (payload: SaveAgentInput) => authFetch<Agent>("/api/agents", { method: "POST", body: payload });

export const deleteAgent = (agentId: number) => authFetch<{ success: true }>("/api/agents", { method: "DELETE", body: { agentId } });
