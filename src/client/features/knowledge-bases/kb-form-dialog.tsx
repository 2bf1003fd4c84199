// The Create Knowledge Base dialog and its edit twin (KB-08, KB-23, KB-24): the form, the save call
// and the spec's toasts; the lists refresh afterwards.
import { useState } from "react";
import { toast } from "sonner";
import { useSWRConfig } from "swr";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { HttpError } from "@/client/lib/api";
import { useModels } from "@/client/api/models";
import { isKnowledgeBasesKey } from "@/client/api/knowledge-bases";
import type { KnowledgeBase } from "@/shared/knowledge-bases";
import { createKnowledgeBase, knowledgeBaseKey, updateKnowledgeBase } from "./api/kb-manage";
import { KbForm } from "./kb-form";
import { embeddingChoices, extractionChoices, kbPayload, type KbFormValues } from "./kb-form-rules";

const EMPTY: KbFormValues = {
  name: "",
  description: "",
  embeddingModel: "",
  extractionModel: "",
  extractionSchema: "",
};

const valuesOf = (kb: KnowledgeBase): KbFormValues => ({
  name: kb.name,
  description: kb.description ?? "",
  embeddingModel: kb.embeddingModel,
  extractionModel: kb.extractionModel ?? "",
  extractionSchema: kb.extractionSchema ? JSON.stringify(kb.extractionSchema, null, 2) : "",
});

/** KB-24: the server's error when it gives one, else the generic text; a network failure says try again. */
export function saveFailureText(err: unknown): string {
  if (err instanceof HttpError) {
    const text = (err.info as { error?: unknown } | null)?.error;
    return typeof text === "string" && text ? text : "Failed to save knowledge base";
  }
  return "Failed to save knowledge base. Please try again.";
}

export function KbFormDialog({
  open,
  onOpenChange,
  knowledgeBase,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Editing this one; creating when absent. */
  knowledgeBase?: KnowledgeBase;
  onSaved?: (kb: KnowledgeBase) => void;
}) {
  const { org } = useActiveOrg();
  const { mutate } = useSWRConfig();
  const { data: models } = useModels(org.id);
  const [saving, setSaving] = useState(false);
  const editing = Boolean(knowledgeBase);

  async function save(values: KbFormValues) {
    setSaving(true);
    try {
      const payload = kbPayload(values);
      const result = knowledgeBase
        ? await updateKnowledgeBase(org.id, knowledgeBase.id, payload)
        : await createKnowledgeBase(org.id, payload);
      if (result && result.success === false) throw new HttpError(400, { error: result.error });
      toast.success(editing ? "Knowledge base updated successfully" : "Knowledge base created successfully");
      void mutate(isKnowledgeBasesKey);
      if (knowledgeBase) void mutate(knowledgeBaseKey(org.id, knowledgeBase.id));
      onOpenChange(false);
      if (result?.knowledgeBase) onSaved?.(result.knowledgeBase);
    } catch (err) {
      console.error(err);
      toast.error(saveFailureText(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Knowledge Base" : "Create Knowledge Base"}</DialogTitle>
          <DialogDescription>
            Documents you upload are split, embedded with the embedding model and searchable by your agents.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <KbForm
            initial={knowledgeBase ? valuesOf(knowledgeBase) : EMPTY}
            embeddingChoices={embeddingChoices(models?.models ?? [])}
            extractionChoices={extractionChoices(models?.models ?? [], models?.modelPreferences ?? {})}
            embeddingLocked={Boolean(knowledgeBase && knowledgeBase.fileCount > 0)}
            submitLabel={editing ? "Save Changes" : "Create Knowledge Base"}
            saving={saving}
            onSubmit={(v) => void save(v)}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
