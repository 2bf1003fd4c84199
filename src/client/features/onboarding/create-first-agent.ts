// ONB-24..27: connect the chosen provider, create the first agent, refresh what depends on them and
// remember that onboarding is done. Returns the new agent, or null after telling the user it failed.
import { toast } from "sonner";
import type { Agent } from "@/shared/agents/schema";
import { saveAgent } from "@/client/api/agents";
import { saveConnections } from "@/client/api/connections";
import { connectionsBody, firstAgentPayload, type OnboardingState } from "./onboarding-rules";
import { markOnboardingComplete } from "./onboarding-storage";

export interface FirstAgentDeps {
  /** Refetches the agents, the models and the user info (connections). */
  refresh: () => Promise<unknown>;
}

export async function createFirstAgent(
  orgId: string,
  state: OnboardingState,
  deps: FirstAgentDeps,
): Promise<Agent | null> {
  try {
    await saveConnections(orgId, connectionsBody(state));
    const agent = await saveAgent(orgId, firstAgentPayload(state));
    await deps.refresh();
    markOnboardingComplete(orgId);
    toast.success("Your first agent has been created!");
    return agent;
  } catch (error) {
    // An HttpError names the step's status, code and the server's text.
    console.error("Onboarding: setting up the first agent failed", error);
    toast.error("There was an error setting up your agent. You can complete the setup manually.");
    return null;
  }
}
