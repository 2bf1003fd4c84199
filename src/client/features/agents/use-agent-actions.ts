// Saving and deleting an agent with the spec's toasts (AGENT-37..42).
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useSWRConfig } from "swr";
import { DELETE_AGENT_CONFIRM, type Agent, type SaveAgentInput } from "@/shared/agents/schema";
import { agentKey, agentsKey, deleteAgent, saveAgent } from "@/client/api/agents";
import { modelsKey } from "@/client/api/models";
import {
  AGENT_CREATED,
  AGENT_DELETED,
  AGENT_UPDATED,
  DELETE_FAILED,
  createFailureToast,
  updateFailureMessage,
} from "./save-messages";

export function useAgentActions(orgId: string) {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState<"saving" | "deleting" | null>(null);

  const save = async (payload: SaveAgentInput): Promise<Agent | null> => {
    const isNew = payload.id === undefined;
    setBusy("saving");
    let agent: Agent;
    try {
      agent = await saveAgent(orgId, payload);
    } catch (error) {
      if (isNew) {
        const { title, description } = createFailureToast(error);
        console.error(title, error);
        toast.error(title, description ? { description } : undefined);
      } else {
        toast.error(updateFailureMessage(error));
      }
      return null;
    } finally {
      setBusy(null);
    }
    void mutate(agentKey(orgId, agent.id), agent, { revalidate: false });
    void mutate(agentsKey(orgId));
    if (isNew) {
      toast.success(AGENT_CREATED);
      void mutate(modelsKey(orgId));
      navigate(`/control-hub/agents/${agent.id}`, { replace: true });
    } else {
      toast.success(AGENT_UPDATED);
    }
    return agent;
  };

  const remove = async (agentId: number) => {
    if (!window.confirm(DELETE_AGENT_CONFIRM)) return;
    setBusy("deleting");
    try {
      await deleteAgent(orgId, agentId);
    } catch {
      toast.error(DELETE_FAILED);
      return;
    } finally {
      setBusy(null);
    }
    toast.success(AGENT_DELETED);
    void mutate(agentKey(orgId, agentId), undefined, { revalidate: false });
    await mutate(agentsKey(orgId));
    navigate("/control-hub");
  };

  return { save, remove, busy };
}
