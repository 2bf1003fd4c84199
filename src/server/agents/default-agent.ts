// The organisation's default agent (POST /api/orgSettings). It names one of the organisation's agents,
// so the agents feature owns it: setting it checks the agent, deleting the agent clears it. The value
// itself is stored with the other organisation settings (settings/queries.ts).
import { AppError } from "../errors";
import { updateOrgState } from "../settings/queries";
import { getAgentRow } from "./queries";

export async function setDefaultAgent({ orgId, agentId }: { orgId: string; agentId: number | null }) {
  if (agentId !== null && !(await getAgentRow({ orgId, id: agentId }))) {
    throw new AppError("bad_request", "The default agent must be one of this organization's agents");
  }
  const next = await updateOrgState({ orgId }, (s) => ({ ...s, settings: { ...s.settings, defaultAgentId: agentId } }));
  return next.settings;
}

/** A deleted agent cannot stay the organisation's default. */
export async function clearDefaultAgent({ orgId, agentId }: { orgId: string; agentId: number }) {
  await updateOrgState({ orgId }, (s) =>
    s.settings.defaultAgentId === agentId ? { ...s, settings: { ...s.settings, defaultAgentId: null } } : s,
  );
}
