// The knowledge-base form's rules (hub §5, KB-15..22) and its model choices (hub §9, KB-12/13). The
// messages and the schema check are the shared module's, so the form and the server say the same.
import type { CatalogModel } from "@/shared/models/catalog";
import type { ModelPreferences } from "@/shared/org";
import {
  embeddingModelOptions,
  EXAMPLE_EXTRACTION_SCHEMA,
  extractionSchemaError,
  KB_EMBEDDING_REQUIRED,
  KB_NAME_REQUIRED,
  type SaveKnowledgeBaseInput,
} from "@/shared/knowledge-bases";

export interface KbFormValues {
  name: string;
  description: string;
  embeddingModel: string;
  extractionModel: string;
  /** The schema as typed; empty means none. */
  extractionSchema: string;
}

export const EXAMPLE_SCHEMA_TEXT = JSON.stringify(EXAMPLE_EXTRACTION_SCHEMA, null, 2);

export type KbFormErrors = Partial<Record<"name" | "embeddingModel" | "extractionSchema", string>>;

/** KB-15/16/18..20: every message the form shows for these values. */
export function validateKbForm(values: KbFormValues): KbFormErrors {
  const errors: KbFormErrors = {};
  if (!values.name.trim()) errors.name = KB_NAME_REQUIRED;
  if (!values.embeddingModel) errors.embeddingModel = KB_EMBEDDING_REQUIRED;
  const schema = extractionSchemaError(values.extractionSchema);
  if (schema) errors.extractionSchema = schema;
  return errors;
}

/** KB-22: submit stays disabled until a name, an embedding model and a sound schema are there. */
export const canSubmitKbForm = (values: KbFormValues) => Object.keys(validateKbForm(values)).length === 0;

/** KB-15/17 and API-35: the body of POST/PUT /api/kb/manage, trimmed, with nulls for the optional parts. */
export function kbPayload(values: KbFormValues) {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    embeddingModel: values.embeddingModel,
    extractionModel: values.extractionModel || null,
    extractionSchema: values.extractionSchema.trim()
      ? (JSON.parse(values.extractionSchema) as Record<string, unknown>)
      : null,
  } satisfies SaveKnowledgeBaseInput;
}

export interface ModelChoice {
  key: string;
  label: string;
  provider: string;
  dimensions?: number;
  marks: Array<"Azure" | "Default">;
}

/** KB-27: the connected OpenAI and Azure embedding models. */
export const embeddingChoices = (models: readonly CatalogModel[]): ModelChoice[] =>
  embeddingModelOptions([...models]).map((o) => ({
    key: o.key,
    label: o.label,
    provider: o.provider,
    dimensions: o.dimensions,
    marks: [],
  }));

/** KB-12: connected chat models, marked Azure for Azure instances and Default for the org's default. */
export function extractionChoices(models: readonly CatalogModel[], prefs: ModelPreferences): ModelChoice[] {
  return models
    .filter((m) => m.type === "chat")
    .map((m) => {
      const marks: ModelChoice["marks"] = [];
      if (m.providerKey === "azure_openai") marks.push("Azure");
      if (prefs.defaultChatModel === m.key) marks.push("Default");
      return { key: m.key, label: m.name, provider: m.provider, marks };
    });
}

/** "OpenAI · text-embedding-3-small · 1536 dimensions", "Azure · my-gpt (Azure) (Default)". */
export const choiceLabel = (choice: ModelChoice) =>
  [
    `${choice.provider} · ${choice.label}`,
    choice.dimensions ? `· ${choice.dimensions} dimensions` : "",
    ...choice.marks.map((m) => `(${m})`),
  ]
    .filter(Boolean)
    .join(" ");
