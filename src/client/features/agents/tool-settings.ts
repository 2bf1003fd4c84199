// Edits of an agent's tools map (AGENT-06/07/08). Pure, so the form stays a thin view over them.
import { isToolEnabled, toolConfig, type ToolSetting } from "@/shared/agents/schema";

type Tools = Record<string, ToolSetting>;

/** Tools whose entry carries a config the form edits, with the config they start with. */
const INITIAL_CONFIG: Record<string, Record<string, unknown>> = {
  call_agent: { callableAgentIds: [] },
  search_knowledge_base: { accessibleKnowledgeBaseIds: [] },
};

export function setToolEnabled(tools: Tools, name: string, enabled: boolean): Tools {
  const next = { ...tools };
  if (enabled) {
    const initial = INITIAL_CONFIG[name];
    next[name] = initial ? { enabled: true, config: { ...initial, ...toolConfig(tools, name) } } : true;
    return next;
  }
  delete next[name];
  // read_kb_file is implied by search_knowledge_base; switching it off needs an explicit false.
  if (isToolEnabled(next, name)) next[name] = false;
  return next;
}

function setConfigList(tools: Tools, name: string, key: string, list: unknown[]): Tools {
  return {
    ...tools,
    [name]: { enabled: isToolEnabled(tools, name), config: { ...toolConfig(tools, name), [key]: list } },
  };
}

export function callableAgentIds(tools: Tools): number[] {
  const ids = toolConfig(tools, "call_agent").callableAgentIds;
  return Array.isArray(ids) ? ids.map(Number) : [];
}

export function setCallableAgentIds(tools: Tools, ids: number[]): Tools {
  return setConfigList(tools, "call_agent", "callableAgentIds", ids);
}

export function accessibleKnowledgeBaseIds(tools: Tools): Array<string | number> {
  const ids = toolConfig(tools, "search_knowledge_base").accessibleKnowledgeBaseIds;
  return Array.isArray(ids) ? (ids as Array<string | number>) : [];
}

export function setAccessibleKnowledgeBaseIds(tools: Tools, ids: Array<string | number>): Tools {
  return setConfigList(tools, "search_knowledge_base", "accessibleKnowledgeBaseIds", ids);
}

/** Adds or removes one id, keeping the order the list had. */
export function toggleId<T>(list: T[], id: T, on: boolean): T[] {
  const without = list.filter((x) => x !== id);
  return on ? [...without, id] : without;
}

/** Drops callable agents that no longer exist (deleted since), which the server would refuse. */
export function pruneCallableAgents(tools: Tools, liveIds: number[]): Tools {
  if (tools.call_agent === undefined) return tools;
  const ids = callableAgentIds(tools);
  const kept = ids.filter((id) => liveIds.includes(id));
  return kept.length === ids.length ? tools : setCallableAgentIds(tools, kept);
}

/** send_email's "ask before sending" (decision 061): drafts wait in the chat for Send / Cancel. */
export function askBeforeSending(tools: Tools): boolean {
  return toolConfig(tools, "send_email").askBeforeSending === true;
}

export function setAskBeforeSending(tools: Tools, on: boolean): Tools {
  return {
    ...tools,
    send_email: {
      enabled: isToolEnabled(tools, "send_email"),
      config: { ...toolConfig(tools, "send_email"), askBeforeSending: on },
    },
  };
}
