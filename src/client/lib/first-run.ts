// What "set up" means for the first-run screens (chat spec §4, hub spec §2 "Home dashboard"): a model
// provider is connected, and the organisation has agents. Shared by the onboarding wizard and the
// dashboard's welcome screen, which must agree.
import { PROVIDERS } from "@/shared/connections/providers";
import type { UserOrganization } from "@/shared/org";

/** A provider's key in the connections map, or an Azure model instance, gives the organisation a model. */
export function hasConnectedModel(org: Pick<UserOrganization, "connections" | "modelPreferences">): boolean {
  if (PROVIDERS.some((p) => Boolean(org.connections[p.key]))) return true;
  return Object.keys(org.modelPreferences?.modelInstances ?? {}).length > 0;
}

/** DASH-02: the welcome screen replaces the dashboard until both steps are done. */
export function needsFirstRunSetup({ hasModel, agentCount }: { hasModel: boolean; agentCount: number }): boolean {
  return !hasModel || agentCount === 0;
}
