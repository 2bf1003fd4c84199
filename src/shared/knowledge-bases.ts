// Knowledge bases (hub spec §3, §4, §5, §7, §9): entities, statuses, form and call bodies. Messages are the spec's.
import { z } from "zod";
import type { CatalogModel } from "./models/catalog";

// ---- statuses (§4) ---------------------------------------------------------------------------------

export const KB_STATUSES = ["ready", "processing", "error"] as const;
export type KnowledgeBaseStatus = (typeof KB_STATUSES)[number];

/**
 * pending → processing (text extracted, extraction run) → completed (text stored, not yet searchable)
 * → indexed (chunks and vectors stored), or failed with processingError.
 */
export const KB_FILE_STATUSES = ["pending", "processing", "completed", "indexed", "failed"] as const;
export type KbFileStatus = (typeof KB_FILE_STATUSES)[number];

/** KB-26: a status other than the three shows as "Unknown". */
export function kbStatusLabel(status: string): string {
  return { ready: "Ready", processing: "Processing", error: "Error" }[status] ?? "Unknown";
}

/** KB-45. */
export function kbFileStatusLabel(status: string): string {
  return (
    { pending: "Pending", processing: "Processing", completed: "Processing", indexed: "Ready", failed: "Failed" }[
      status
    ] ?? "Unknown"
  );
}

/** KB-42: Retry Processing is offered for failed and completed files. */
export const canRetryFile = (status: string) => status === "failed" || status === "completed";

// ---- entities (§3) ---------------------------------------------------------------------------------

export interface KnowledgeBaseAgentRef {
  id: number;
  name: string;
}

/** KB-25; `agents` are the agents whose search_knowledge_base config lists it (cards show 3, detail 2). */
export interface KnowledgeBase {
  id: string;
  name: string;
  description: string;
  embeddingModel: string;
  embeddingDimensions: number;
  extractionModel: string | null;
  extractionSchema: JsonSchema | null;
  status: KnowledgeBaseStatus;
  fileCount: number;
  agents: KnowledgeBaseAgentRef[];
  createdAt: string;
  updatedAt: string;
}

export type JsonSchema = Record<string, unknown>;

/** KB-46. `extractedDataPages` holds, per top-level field of extractedData, the page it came from. */
export interface KnowledgeBaseFile {
  id: string;
  knowledgeBaseId: string;
  fileName: string;
  fileKey: string;
  contentKey: string;
  contentType: string;
  fileSize: number;
  processingStatus: KbFileStatus;
  processingError: string | null;
  extractedData: Record<string, unknown>;
  extractedDataPages: Record<string, number | null>;
  pageCount: number | null;
  chunkCount: number;
  createdAt: string;
  updatedAt: string;
}

/** KB-27. */
export interface EmbeddingModelOption {
  key: string;
  label: string;
  dimensions: number;
  provider: string;
}

/** KB-09: provider label from the model key (openai:{model} or azure:{instance}). */
export function embeddingProviderLabel(modelKey: string): string {
  const prefix = modelKey.split(":")[0];
  if (prefix === "openai") return "OpenAI";
  if (prefix === "azure" || prefix === "azure_openai") return "Azure";
  return "Unknown";
}

/** Embedding models the org can pick: OpenAI's catalogue models and Azure embedding instances. */
export function embeddingModelOptions(models: CatalogModel[]): EmbeddingModelOption[] {
  return models
    .filter((m) => m.type === "embedding" && (m.providerKey === "openai" || m.providerKey === "azure_openai"))
    .map((m) => ({
      key: m.key,
      label: m.name,
      dimensions: m.dimensions ?? 1536,
      provider: embeddingProviderLabel(m.key),
    }));
}

// ---- texts (§2, §4, §8) ------------------------------------------------------------------------------

export const KB_TEXTS = {
  header: "Create and manage document collections that your agents can search and reference.",
  noKnowledgeBases: "No Knowledge Bases Yet",
  createFirst: "Create Your First Knowledge Base",
  createDialog: "Create Knowledge Base",
  deleteConfirm: "Are you sure you want to delete this knowledge base? This action cannot be undone.",
  deleteFilesConfirm: (n: number) =>
    `Are you sure you want to delete ${n} selected file(s)? This action cannot be undone.`,
  embeddingLocked: "Embedding model cannot be changed after files are added",
  noChatModels: "No chat models available",
  schemaConfigured: "Extraction Schema: Configured",
  created: "Knowledge base created successfully",
  updated: "Knowledge base updated successfully",
  saveFailed: "Failed to save knowledge base",
  saveFailedRetry: "Failed to save knowledge base. Please try again.",
  notFound: "Knowledge base not found",
  fileNotFound: "File not found",
  reviewNotFound: "File or knowledge base not found.",
  noExtractedData: "No extracted data available for this file.",
  unsavedChanges: "You have unsaved changes to the extracted data.",
  noResults: "No results.",
  noFiles: "No files uploaded",
  previewNotAvailable: "Preview not available for this file type",
} as const;

// ---- validation (§5) -------------------------------------------------------------------------------

export const KB_NAME_REQUIRED = "Knowledge base name is required";
export const KB_EMBEDDING_REQUIRED = "Please select an embedding model";
export const KB_SCHEMA_NEEDS_TYPE = "JSON schema must have a 'type' field";
export const KB_SCHEMA_NEEDS_PROPERTIES = "JSON schema with type 'object' must have a 'properties' field";
export const KB_FIX_SCHEMA = "Please fix the JSON schema errors before submitting";
export const KB_NAME_MAX = 255;
export const KB_DESCRIPTION_MAX = 5000;
export const KB_SCHEMA_MAX_CHARS = 100_000;

/** The schema checks of §5 on an already-parsed value: null when valid. */
export function schemaShapeError(schema: unknown): string | null {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema) || !("type" in schema))
    return KB_SCHEMA_NEEDS_TYPE;
  const s = schema as Record<string, unknown>;
  if (s.type === "object" && !("properties" in s)) return KB_SCHEMA_NEEDS_PROPERTIES;
  return null;
}

/** The form's check of the schema text (KB-18..20): null when empty or valid. */
export function extractionSchemaError(text: string): string | null {
  if (!text.trim()) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return `Invalid JSON: ${(e as Error).message}`;
  }
  return schemaShapeError(parsed);
}

/** A JSON schema sent as an object, or as its JSON text (the form's textarea); "" and null mean none. */
const extractionSchemaField = z
  .union([z.string().max(KB_SCHEMA_MAX_CHARS, "Extraction schema is too large"), z.record(z.unknown())])
  .nullable()
  .optional()
  .transform((value, ctx): JsonSchema | null => {
    if (value === undefined || value === null || (typeof value === "string" && !value.trim())) return null;
    let parsed: unknown = value;
    if (typeof value === "string") {
      try {
        parsed = JSON.parse(value);
      } catch (e) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `Invalid JSON: ${(e as Error).message}` });
        return z.NEVER;
      }
    }
    const error = schemaShapeError(parsed);
    if (error) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: error });
      return z.NEVER;
    }
    return parsed as JsonSchema;
  });

/** POST /api/kb/manage and PUT /api/kb/manage?id= (API-35, API-36). */
export const saveKnowledgeBaseInput = z.object({
  name: z
    .string({ required_error: KB_NAME_REQUIRED, invalid_type_error: KB_NAME_REQUIRED })
    .trim()
    .min(1, KB_NAME_REQUIRED)
    .max(KB_NAME_MAX, `Knowledge base name must be less than ${KB_NAME_MAX} characters`),
  description: z
    .string()
    .trim()
    .max(KB_DESCRIPTION_MAX, `Description must be less than ${KB_DESCRIPTION_MAX} characters`)
    .nullable()
    .optional()
    .transform((v) => v ?? ""),
  embeddingModel: z
    .string({ required_error: KB_EMBEDDING_REQUIRED, invalid_type_error: KB_EMBEDDING_REQUIRED })
    .trim()
    .min(1, KB_EMBEDDING_REQUIRED)
    .max(300, KB_EMBEDDING_REQUIRED),
  extractionModel: z
    .string()
    .trim()
    .max(300)
    .nullable()
    .optional()
    .transform((v) => v || null),
  extractionSchema: extractionSchemaField,
});
export type SaveKnowledgeBaseInput = z.input<typeof saveKnowledgeBaseInput>;
export type SaveKnowledgeBase = z.output<typeof saveKnowledgeBaseInput>;

/** The sample schema behind "Copy Example" (KB-11). */
export const EXAMPLE_EXTRACTION_SCHEMA: JsonSchema = {
  type: "object",
  properties: {
    documentTitle: { type: "string", description: "Title of the document" },
    documentDate: { type: "string", format: "date", description: "Date the document was issued" },
    parties: { type: "array", items: { type: "string" }, description: "People or companies named as parties" },
    totalAmount: { type: "number", description: "Total amount, if any" },
    summary: { type: "string", description: "A short summary of the document" },
  },
  required: ["documentTitle"],
};

// ---- calls (§7) ------------------------------------------------------------------------------------

const id = (what: string) =>
  z
    .string({ required_error: `${what} is required`, invalid_type_error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(100, `${what} is not valid`);

/** GET/PUT/DELETE /api/kb/manage?id= */
export const kbIdQuery = z.object({ id: id("id").optional() });

/** GET /api/kb/files?kbId=[&fileId=], DELETE /api/kb/files?kbId=&fileId= */
export const kbFilesQuery = z.object({ kbId: id("kbId"), fileId: id("fileId").optional() });

/** POST /api/kb/files (API-40): associate an uploaded file (a reference from the presigned upload). */
export const associateKbFileInput = z.object({
  kbId: id("kbId"),
  fileId: id("fileId"),
  fileName: z
    .string({ required_error: "fileName is required" })
    .trim()
    .min(1, "fileName is required")
    .max(1000, "fileName is too long"),
  fileKey: z.string({ required_error: "fileKey is required" }).min(1, "fileKey is required").max(2000),
  contentKey: z.string().max(2000).optional(),
  contentType: z.string().max(255).optional().default(""),
  fileSize: z.number({ invalid_type_error: "fileSize must be a number" }).int().nonnegative().optional(),
});
export type AssociateKbFileInput = z.input<typeof associateKbFileInput>;

export const KB_EXTRACTED_DATA_MAX_CHARS = 1_000_000;

/** PATCH /api/kb/files (API-42). */
export const saveExtractedDataInput = z.object({
  kbId: id("kbId"),
  fileId: id("fileId"),
  extractedData: z.record(z.unknown(), {
    required_error: "extractedData is required",
    invalid_type_error: "extractedData must be an object",
  }),
});
export type SaveExtractedDataInput = z.input<typeof saveExtractedDataInput>;

/** POST /api/kb/process (API-43): retry a file's processing. */
export const processKbFileInput = z.object({ knowledgeBaseId: id("knowledgeBaseId"), fileId: id("fileId") });

// Responses. Errors are the one error type's `{ error, code }` with a 4xx status.
export interface KnowledgeBasesResponse {
  success: true;
  knowledgeBases: KnowledgeBase[];
}
export interface KnowledgeBaseResponse {
  success: true;
  knowledgeBase: KnowledgeBase;
}
export interface KbFilesResponse {
  success: true;
  files: KnowledgeBaseFile[];
}
export interface KbFileResponse {
  success: true;
  file: KnowledgeBaseFile;
}
export interface KbSuccessResponse {
  success: true;
}
