// ONB-24..27: connect the chosen provider, create the first agent, refresh what depends on them and
// remember that onboarding is done. Returns the new agent, or null after telling the user it failed.
import { toast } from "sonner";
import type { Agent } from "@/shared/agents/schema";
import { authFetch, errorMessage, isApiFailure } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";
import { connectionsBody, firstAgentPayload, type OnboardingState } from "./onboarding-rules";
import { markOnboardingComplete } from "./onboarding-storage";

export interface FirstAgentDeps {
  /** Refetches the agents, the models and the user info (connections). */
  refresh: () => Promise<unknown>;
}

export async function createFirstAgent(orgId: string, state: OnboardingState, deps: FirstAgentDeps): Promise<Agent | null> {
  try {
    const connected = await authFetch(orgPath(orgId, "/api/updateConnections"), { method: "POST", body: connectionsBody(state) });
    if (isApiFailure(connected)) throw new Error(errorMessage(connected, `Connecting the provider failed (HTTP ${connected.status})`));
    const agent = await authFetch<Agent>(orgPath(orgId, "/api/agents"), { method: "POST", body: firstAgentPayload(state) });
    if (isApiFailure(agent)) throw new Error(errorMessage(agent, `Creating the agent failed (HTTP ${agent.status})`));
    await deps.refresh();
    markOnboardingComplete(orgId);
    toast.success("Your first agent has been created!");
    return agent;
  } catch (error) {
    console.error("Onboarding: setting up the first agent failed", error);
    toast.error("There was an error setting up your agent. You can complete the setup manually.");
    return null;
  }
}
