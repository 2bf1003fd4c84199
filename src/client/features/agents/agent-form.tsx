// The create/edit/view agent form (AGENT-23, AGENT-31). Members see it with every control disabled.
import { useCallback, useMemo } from "react";
import { Save } from "lucide-react";
import { ADMIN_REQUIRED_TITLE } from "@/client/components/admin/read-only-notice";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import { cn } from "@/client/lib/utils";
import type { SaveAgentInput } from "@/shared/agents/schema";
import type { CatalogModel } from "@/shared/models/catalog";
import { useAgents } from "@/client/api/agents";
import { parseAgentForm, type AgentFormValues } from "./agent-form-values";
import { BasicsSection } from "./basics-section";
import { InstructionsSection } from "./instructions-section";
import { McpServersSection } from "./mcp-servers-section";
import { ModelField } from "./model-field";
import { SELECT_MODEL_WARNING } from "./save-messages";
import { pruneCallableAgents } from "./tool-settings";
import { ToolsSection } from "./tools-section";
import { useAgentForm } from "./use-agent-form";

export function AgentForm({
  agentId,
  initial,
  models,
  saving,
  onSave,
}: {
  agentId: number | undefined;
  initial: AgentFormValues;
  models: CatalogModel[];
  saving: boolean;
  onSave: (payload: SaveAgentInput) => void;
}) {
  const { org, isAdmin } = useActiveOrg();
  const form = useAgentForm(initial, agentId);
  const { data: agents } = useAgents(org.id);
  const otherAgents = useMemo(() => agents?.filter((a) => a.id !== agentId), [agents, agentId]);
  const { setField } = form;
  const setTools = useCallback((tools: AgentFormValues["tools"]) => setField("tools", tools), [setField]);
  const setMcpServers = useCallback((ids: number[]) => setField("mcpServers", ids), [setField]);
  const readOnly = !isAdmin;

  const submit = () => {
    if (readOnly) return;
    const tools = agents
      ? pruneCallableAgents(
          form.values.tools,
          otherAgents!.map((a) => a.id),
        )
      : form.values.tools;
    const parsed = parseAgentForm({ ...form.values, tools }, agentId);
    if (parsed.ok) onSave(parsed.payload);
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {/* One disabled fieldset makes every native control of a member's view read-only. */}
      <fieldset
        disabled={readOnly}
        title={readOnly ? ADMIN_REQUIRED_TITLE : undefined}
        // Disabled fields fade to half opacity, which left a member's view of the agent hard to read
        // (issue 17 #12): the text stays at full contrast, the muted background says it cannot change.
        className={cn(
          "grid min-w-0 gap-6",
          readOnly &&
            "[&_[role=combobox]:disabled]:opacity-100 [&_input:disabled]:bg-muted/50 [&_input:disabled]:opacity-100 [&_textarea:disabled]:bg-muted/50 [&_textarea:disabled]:opacity-100",
        )}
      >
        <BasicsSection form={form}>
          <ModelField
            models={models}
            value={form.values.model}
            error={form.errors.model}
            onChange={(m) => form.setField("model", m)}
          />
        </BasicsSection>
        <InstructionsSection form={form} />
        <ToolsSection tools={form.values.tools} onChange={setTools} otherAgents={otherAgents} />
        <McpServersSection
          orgId={org.id}
          isAdmin={isAdmin}
          selected={form.values.mcpServers}
          onChange={setMcpServers}
        />
        {isAdmin && (
          <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap items-center justify-end gap-3 border-t bg-background/95 px-1 py-3 backdrop-blur">
            {!form.values.model.trim() && (
              <Alert variant="warning" role="status" className="mr-auto w-auto py-2">
                <AlertDescription>{SELECT_MODEL_WARNING}</AlertDescription>
              </Alert>
            )}
            <Button type="submit" disabled={saving || !form.isValid}>
              <Save />
              {saving ? "Saving…" : agentId === undefined ? "Create Agent" : "Save Changes"}
            </Button>
          </div>
        )}
      </fieldset>
    </form>
  );
}
