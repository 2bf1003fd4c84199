// ONB-24..27: connect the chosen provider, create the first agent, refresh what depends on them and
// remember that onboarding is done. Returns the new agent, or null after telling the user it failed.
// The provider key is checked when it is saved (decision 082): a refused key goes back to the provider
// step with the provider's words at the key field.
import { toast } from "sonner";
import { HttpError } from "@/client/lib/api";
import type { Agent } from "@/shared/agents/schema";
import { saveAgent } from "@/client/api/agents";
import { saveConnections } from "@/client/api/connections";
import { connectionsBody, firstAgentPayload, type OnboardingState } from "./onboarding-rules";
import { markOnboardingComplete } from "./onboarding-storage";

export interface FirstAgentDeps {
  /** Refetches the agents, the models and the user info (connections). */
  refresh: () => Promise<unknown>;
  /** The provider refused the key: its message per credential field. */
  onKeyRefused?: (fields: Record<string, string>) => void;
}

export async function createFirstAgent(
  orgId: string,
  state: OnboardingState,
  deps: FirstAgentDeps,
): Promise<Agent | null> {
  try {
    const saved = await saveConnections(orgId, connectionsBody(state));
    if (saved.warning) toast.warning(saved.warning);
    const agent = await saveAgent(orgId, firstAgentPayload(state));
    await deps.refresh();
    markOnboardingComplete(orgId);
    toast.success("Your first agent has been created!");
    return agent;
  } catch (error) {
    // An HttpError names the step's status, code and the server's text.
    console.error("Onboarding: setting up the first agent failed", error);
    toast.error("There was an error setting up your agent. You can complete the setup manually.");
    const fields =
      error instanceof HttpError ? (error.info as { details?: { fields?: unknown } })?.details?.fields : null;
    if (fields && typeof fields === "object") deps.onKeyRefused?.(fields as Record<string, string>);
    return null;
  }
}
