// The Tools card: the picker plus the lists call_agent and search_knowledge_base open (AGENT-25, AGENT-26)
// and send_email's ask-before-sending option (decision 061).
import { memo } from "react";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { enabledToolNames, type Agent, type ToolSetting } from "@/shared/agents/schema";
import { listToolMetadata, toolCountLabel } from "@/tools/registry";
import { CallableAgentsList } from "./callable-agents-list";
import { FormSection } from "./form-section";
import { KnowledgeBasesList } from "./knowledge-bases-list";
import { ToolPicker } from "./tool-picker";
import { AskBeforeSending } from "./ask-before-sending";
import {
  accessibleKnowledgeBaseIds,
  askBeforeSending,
  callableAgentIds,
  setAccessibleKnowledgeBaseIds,
  setAskBeforeSending,
  setCallableAgentIds,
} from "./tool-settings";

type Tools = Record<string, ToolSetting>;

export const ToolsSection = memo(function ToolsSection({
  tools,
  onChange,
  otherAgents,
}: {
  tools: Tools;
  onChange: (tools: Tools) => void;
  otherAgents: Agent[] | undefined;
}) {
  const { user, org } = useActiveOrg();
  // AGENT-43: private tools an admin enabled are offered to everyone configuring agents.
  const available = listToolMetadata({ enabledPrivateTools: org.settings.enabledPrivateTools ?? [] });
  const count = toolCountLabel(enabledToolNames(tools).length);

  return (
    <FormSection title="Tools" description={`What the agent can do besides answering. ${count} enabled.`}>
      <ToolPicker
        available={available}
        tools={tools}
        env={{
          connections: org.connections,
          externalAccounts: user.externalAccounts,
          unconfiguredTools: org.unconfiguredTools,
        }}
        onChange={onChange}
        extras={{
          call_agent: (
            <CallableAgentsList
              agents={otherAgents}
              selected={callableAgentIds(tools)}
              onChange={(ids) => onChange(setCallableAgentIds(tools, ids))}
            />
          ),
          send_email: (
            <AskBeforeSending
              checked={askBeforeSending(tools)}
              onChange={(on) => onChange(setAskBeforeSending(tools, on))}
            />
          ),
          search_knowledge_base: (
            <KnowledgeBasesList
              selected={accessibleKnowledgeBaseIds(tools)}
              onChange={(ids) => onChange(setAccessibleKnowledgeBaseIds(tools, ids))}
            />
          ),
        }}
      />
    </FormSection>
  );
});
