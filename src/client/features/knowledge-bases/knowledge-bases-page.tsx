// /control-hub/knowledge-bases (ROUTE-17; KB-01..09): header, the no-embedding-model panel, the cards,
// the empty state and the Create Knowledge Base dialog.
import { useState } from "react";
import { useNavigate } from "react-router";
import { Library, Plus } from "lucide-react";
import { toast } from "sonner";
import { useSWRConfig } from "swr";
import { adminOnly } from "@/client/components/admin/read-only-notice";
import { DataErrorFallback } from "@/client/components/error-fallback";
import { EmptyState } from "@/client/components/empty-state";
import { SectionHeader } from "@/client/components/section-header";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { errorMessage } from "@/client/lib/api";
import { isKnowledgeBasesKey, useKnowledgeBases } from "@/client/api/knowledge-bases";
import { useModels } from "@/client/api/models";
import { KB_TEXTS } from "@/shared/knowledge-bases";
import { deleteKnowledgeBase } from "./api/kb-manage";
import { KbCard } from "./kb-card";
import { KbFormDialog } from "./kb-form-dialog";
import { embeddingChoices } from "./kb-form-rules";
import { NoEmbeddingModelPanel } from "./no-embedding-model-panel";

export function KnowledgeBasesPage() {
  const { org, isAdmin } = useActiveOrg();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data, error, mutate: reload } = useKnowledgeBases(org.id);
  const { data: models } = useModels(org.id);
  const [creating, setCreating] = useState(false);
  const noEmbeddingModel = Boolean(models) && embeddingChoices(models!.models).length === 0;
  const knowledgeBases = data?.knowledgeBases ?? [];

  async function remove(id: string) {
    try {
      await deleteKnowledgeBase(org.id, id);
    } catch (err) {
      // KB-72 and rulings.md: delete failures are logged, and the user is told.
      console.error("Failed to delete knowledge base", err);
      toast.error(errorMessage(err, "Failed to delete knowledge base"));
    } finally {
      void mutate(isKnowledgeBasesKey);
    }
  }

  const createButton = (
    <Button onClick={() => setCreating(true)} disabled={noEmbeddingModel || !isAdmin} title={adminOnly(isAdmin).title}>
      <Plus aria-hidden />
      Create Knowledge Base
    </Button>
  );

  return (
    <section className="flex flex-col gap-6">
      <SectionHeader
        title="Knowledge Bases"
        description={KB_TEXTS.header}
        actions={knowledgeBases.length > 0 && createButton}
      />
      {noEmbeddingModel && <NoEmbeddingModelPanel />}
      {error && !data ? (
        <Card>
          <DataErrorFallback onRetry={() => void reload()} />
        </Card>
      ) : !data ? (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading knowledge bases">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-56" />
          ))}
        </div>
      ) : knowledgeBases.length === 0 ? (
        <EmptyState icon={Library} title={KB_TEXTS.noKnowledgeBases}>
          <p className="mb-4">Upload documents into a knowledge base so your agents can search and cite them.</p>
          <Button
            onClick={() => setCreating(true)}
            disabled={noEmbeddingModel || !isAdmin}
            title={adminOnly(isAdmin).title}
          >
            <Plus aria-hidden />
            {KB_TEXTS.createFirst}
          </Button>
        </EmptyState>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
          {knowledgeBases.map((kb) => (
            <KbCard
              key={String(kb.id)}
              kb={kb}
              agentNames={kb.agents.map((a) => a.name)}
              canDelete={isAdmin}
              onDelete={() => remove(kb.id)}
            />
          ))}
        </div>
      )}
      <KbFormDialog
        open={creating}
        onOpenChange={setCreating}
        onSaved={(kb) => void navigate(`/control-hub/knowledge-bases/${encodeURIComponent(String(kb.id))}`)}
      />
    </section>
  );
}
