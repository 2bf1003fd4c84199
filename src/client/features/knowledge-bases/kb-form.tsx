// The knowledge-base form (hub §2 Form, §5; KB-10..22): name, description, embedding model (locked
// once files exist), extraction model and extraction schema with Copy Example.
import { useState, type FormEvent } from "react";
import { Copy } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { Spinner } from "@/client/components/ui/spinner";
import { Textarea } from "@/client/components/ui/textarea";
import { extractionSchemaError, KB_FIX_SCHEMA, KB_TEXTS } from "@/shared/knowledge-bases";
import {
  canSubmitKbForm,
  choiceLabel,
  EXAMPLE_SCHEMA_TEXT,
  validateKbForm,
  type KbFormValues,
  type ModelChoice,
} from "./kb-form-rules";

export function KbForm({
  initial,
  embeddingChoices,
  extractionChoices,
  embeddingLocked,
  submitLabel,
  saving,
  onSubmit,
  onCancel,
}: {
  initial: KbFormValues;
  embeddingChoices: ModelChoice[];
  extractionChoices: ModelChoice[];
  /** KB-14: a knowledge base with files keeps its embedding model. */
  embeddingLocked: boolean;
  submitLabel: string;
  saving: boolean;
  onSubmit: (values: KbFormValues) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof KbFormValues, boolean>>>({});
  const errors = validateKbForm(values);
  const set = (field: keyof KbFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setTouched((t) => ({ ...t, [field]: true }));
  };
  const shown = (field: keyof typeof errors) => (touched[field] ? errors[field] : undefined);
  const noChatModels = extractionChoices.length === 0;

  function submit(e: FormEvent) {
    e.preventDefault();
    setTouched({ name: true, embeddingModel: true, extractionSchema: true });
    if (extractionSchemaError(values.extractionSchema)) {
      toast.error(KB_FIX_SCHEMA);
      return;
    }
    if (!canSubmitKbForm(values)) return;
    onSubmit(values);
  }

  async function copyExample() {
    set("extractionSchema", EXAMPLE_SCHEMA_TEXT);
    await navigator.clipboard?.writeText(EXAMPLE_SCHEMA_TEXT).catch(() => {});
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field id="kb-name" label="Name" error={shown("name")}>
        <Input
          id="kb-name"
          value={values.name}
          placeholder="e.g. Company policies"
          aria-invalid={Boolean(shown("name"))}
          onChange={(e) => set("name", e.target.value)}
        />
      </Field>
      <Field id="kb-description" label="Description">
        <Textarea
          id="kb-description"
          rows={2}
          value={values.description}
          placeholder="What documents does this knowledge base hold?"
          onChange={(e) => set("description", e.target.value)}
        />
      </Field>
      <Field
        id="kb-embedding-model"
        label="Embedding Model"
        error={shown("embeddingModel")}
        hint={embeddingLocked ? KB_TEXTS.embeddingLocked : undefined}
      >
        <NativeSelect
          id="kb-embedding-model"
          value={values.embeddingModel}
          disabled={embeddingLocked}
          aria-invalid={Boolean(shown("embeddingModel"))}
          onChange={(e) => set("embeddingModel", e.target.value)}
        >
          <option value="">Select an embedding model</option>
          {values.embeddingModel && !embeddingChoices.some((c) => c.key === values.embeddingModel) && (
            <option value={values.embeddingModel}>{values.embeddingModel}</option>
          )}
          {embeddingChoices.map((c) => (
            <option key={c.key} value={c.key}>
              {choiceLabel(c)}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="kb-extraction-model" label="Extraction Model (optional)">
        <NativeSelect
          id="kb-extraction-model"
          value={noChatModels ? "" : values.extractionModel}
          disabled={noChatModels}
          onChange={(e) => set("extractionModel", e.target.value)}
        >
          {noChatModels ? (
            <option value="">{KB_TEXTS.noChatModels}</option>
          ) : (
            <>
              <option value="">None</option>
              {values.extractionModel && !extractionChoices.some((c) => c.key === values.extractionModel) && (
                <option value={values.extractionModel}>{values.extractionModel}</option>
              )}
              {extractionChoices.map((c) => (
                <option key={c.key} value={c.key}>
                  {choiceLabel(c)}
                </option>
              ))}
            </>
          )}
        </NativeSelect>
      </Field>
      <div className="grid gap-1.5">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor="kb-extraction-schema">Extraction Schema (optional)</Label>
          <Button type="button" variant="outline" size="sm" onClick={() => void copyExample()}>
            <Copy aria-hidden />
            Copy Example
          </Button>
        </div>
        <Textarea
          id="kb-extraction-schema"
          rows={8}
          className="max-h-64 font-mono text-xs"
          value={values.extractionSchema}
          placeholder='{"type": "object", "properties": {...}}'
          aria-invalid={Boolean(errors.extractionSchema)}
          aria-describedby="kb-extraction-schema-help"
          onChange={(e) => set("extractionSchema", e.target.value)}
        />
        {errors.extractionSchema ? (
          <p id="kb-extraction-schema-help" role="alert" className="text-xs text-destructive">
            {errors.extractionSchema}
          </p>
        ) : (
          <p id="kb-extraction-schema-help" className="text-xs text-muted-foreground">
            A JSON schema of the fields to extract from each file with the extraction model.
          </p>
        )}
      </div>
      <div className="flex justify-end gap-2 pt-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving || !canSubmitKbForm(values)}>
          {saving && <Spinner label="Saving" />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      )}
      {hint && <p className="text-xs text-amber-700 dark:text-amber-400">{hint}</p>}
    </div>
  );
}
