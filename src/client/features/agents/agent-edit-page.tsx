// /control-hub/agents/new and /control-hub/agents/:agentId (AGENT-19..22): create, edit, or for
// members view an agent.
import { Navigate, useParams } from "react-router";
import { Trash2 } from "lucide-react";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { DataErrorFallback } from "@/client/components/error-fallback";
import { SectionHeader } from "@/client/components/section-header";
import { Button } from "@/client/components/ui/button";
import { useAgent } from "@/client/api/agents";
import { useModels } from "@/client/api/models";
import { AgentForm } from "./agent-form";
import { newAgentValues, valuesFromAgent } from "./agent-form-values";
import { AgentFormSkeleton, AgentNotFound, BackToAgents } from "./agent-page-parts";
import { initialModel } from "./model-options";
import { useAgentActions } from "./use-agent-actions";

/** The numeric id of the route, null for /agents/new, NaN for anything else. */
function routeAgentId(param: string | undefined): number | null {
  if (param === undefined) return null;
  return /^[1-9]\d*$/.test(param) ? Number(param) : Number.NaN;
}

export function AgentEditPage() {
  const { org, isAdmin } = useActiveOrg();
  const agentId = routeAgentId(useParams().agentId);
  const isNew = agentId === null;
  const invalidId = Number.isNaN(agentId);
  const agent = useAgent(org.id, isNew || invalidId ? null : agentId);
  const models = useModels(org.id);
  const actions = useAgentActions(org.id);

  const notFound = invalidId || agent.error?.status === 404;
  const title = !isAdmin ? "View Agent" : isNew ? "Create Agent" : "Edit Agent";

  if (notFound) return <AgentNotFound />;
  // A member cannot create agents: back to the list, where the hub shows the read-only notice (issue 17 #12).
  if (isNew && !isAdmin) return <Navigate to="/control-hub" replace />;

  const failed = (agent.error && !agent.data) || (models.error && !models.data);
  const ready = models.data && (isNew || agent.data);

  return (
    // The hub frame around this page shows members the Read-only badge and notice (ROLE-12..14).
    <section className="grid w-full max-w-4xl gap-6">
      <BackToAgents />
      <SectionHeader
        title={title}
        actions={
          isAdmin &&
          !isNew &&
          agent.data && (
            <Button
              variant="destructive"
              disabled={actions.busy !== null}
              onClick={() => void actions.remove(agent.data!.id)}
            >
              <Trash2 />
              {actions.busy === "deleting" ? "Deleting…" : "Delete Agent"}
            </Button>
          )
        }
      />
      {failed ? (
        <DataErrorFallback
          onRetry={() => {
            void agent.mutate();
            void models.mutate();
          }}
        />
      ) : !ready ? (
        <AgentFormSkeleton />
      ) : (
        <AgentForm
          // A new form for each agent: after create the route moves to the new id.
          key={agentId ?? "new"}
          agentId={agentId ?? undefined}
          initial={
            agent.data
              ? valuesFromAgent(agent.data)
              : newAgentValues(initialModel(models.data!.models, models.data!.modelPreferences.defaultChatModel))
          }
          models={models.data!.models}
          saving={actions.busy === "saving"}
          onSave={(payload) => void actions.save(payload)}
        />
      )}
    </section>
  );
}
