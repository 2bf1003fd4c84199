// Saving and deleting an agent with the spec's toasts (AGENT-37..42).
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useSWRConfig } from "swr";
import { DELETE_AGENT_CONFIRM, type Agent, type SaveAgentInput } from "@/shared/agents/schema";
import { isApiFailure } from "@/client/lib/api";
import { deleteAgent, saveAgent } from "./api/agent-mutations";
import { agentKey } from "./api/use-agent";
import { agentsKey } from "./api/use-agents";
import { MODELS_KEY } from "./api/use-models";
import { AGENT_CREATED, AGENT_DELETED, AGENT_UPDATED, DELETE_FAILED, createFailureToast, updateFailureMessage } from "./save-messages";

export function useAgentActions(orgId: string) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState<"saving" | "deleting" | null>(null);

  const save = async (payload: SaveAgentInput): Promise<Agent | null> => {
    const isNew = payload.id === undefined;
    setBusy("saving");
    const res = await saveAgent(payload).catch((e: unknown) => e);
    setBusy(null);
    if (isApiFailure(res) || res instanceof Error) {
      if (isNew) {
        const { title, description } = createFailureToast(res);
        console.error(title, res);
        toast.error(title, description ? { description } : undefined);
      } else {
        toast.error(updateFailureMessage(res));
      }
      return null;
    }
    const agent = res as Agent;
    void mutate(agentKey(orgId, agent.id), agent, { revalidate: false });
    void mutate(agentsKey(orgId));
    if (isNew) {
      toast.success(AGENT_CREATED);
      void mutate(MODELS_KEY);
      navigate(`/control-hub/agents/${agent.id}`, { replace: true });
    } else {
      toast.success(AGENT_UPDATED);
    }
    return agent;
  };

  const remove = async (agentId: number) => {
    if (!window.confirm(DELETE_AGENT_CONFIRM)) return;
    setBusy("deleting");
    const res = await deleteAgent(agentId).catch((e: unknown) => e);
    setBusy(null);
    if (isApiFailure(res) || res instanceof Error) {
      toast.error(DELETE_FAILED);
      return;
    }
    toast.success(AGENT_DELETED);
    void mutate(agentKey(orgId, agentId), undefined, { revalidate: false });
    await mutate(agentsKey(orgId));
    navigate("/control-hub");
  };

  return { save, remove, busy };
}
