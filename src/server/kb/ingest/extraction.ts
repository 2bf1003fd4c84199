// Schema-driven extraction: the knowledge base's extraction model reads the file's text (with page
// markers) and answers with structured output in the knowledge base's JSON schema, plus, for each
// top-level field, the page it took the value from.
import type { JSONSchema7 } from "ai";
import { aiSdk } from "../../ai/sdk";
import { resolveModel } from "../../ai/models";
import type { KnowledgeBaseRow } from "../kb-queries";

/** The text the model reads: the first ~100k characters (~25k tokens), page-marked. */
export const EXTRACTION_TEXT_CHARS = 100_000;

export interface Extracted {
  data: Record<string, unknown>;
  pages: Record<string, number | null>;
}

function wrap(schema: Record<string, unknown>): JSONSchema7 {
  return {
    type: "object",
    properties: {
      data: schema as JSONSchema7,
      sources: {
        type: "array",
        description: "For each top-level field of data: the page number its value was found on (null if none).",
        items: {
          type: "object",
          properties: { field: { type: "string" }, page: { type: ["integer", "null"] } },
          required: ["field", "page"],
          additionalProperties: false,
        },
      },
    },
    required: ["data", "sources"],
    additionalProperties: false,
  };
}

export async function extractData(
  orgId: string,
  kb: KnowledgeBaseRow,
  text: string,
  signal?: AbortSignal,
): Promise<Extracted> {
  const { model } = await resolveModel({ orgId, modelKey: kb.extractionModel! });
  const { Output, generateText, jsonSchema } = await aiSdk();
  const { output } = await generateText({
    model,
    abortSignal: signal,
    maxRetries: 2,
    output: Output.object({
      schema: jsonSchema<{ data: unknown; sources?: Array<{ field: string; page: number | null }> }>(
        wrap(kb.extractionSchema!),
      ),
    }),
    // Users' schemas are rarely written for OpenAI's strict mode (every field required, no extras).
    providerOptions: { openai: { strictJsonSchema: false }, azure: { strictJsonSchema: false } },
    system:
      "You extract structured data from documents. Fill `data` following its schema using only facts stated in the document; leave a field out when the document does not give it. The document's pages are marked [Page N]; for each top-level field you fill, add a `sources` entry naming the page its value came from.",
    prompt: `Document:\n${text}`,
  });
  const raw = output.data;
  const data =
    raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : { value: raw ?? null };
  const pages: Record<string, number | null> = {};
  for (const s of output.sources ?? []) {
    if (s && typeof s.field === "string" && s.field in data)
      pages[s.field] = Number.isInteger(s.page) && (s.page as number) > 0 ? s.page : null;
  }
  return { data, pages };
}
