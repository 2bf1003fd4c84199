// What the fast path (openai-chat-fast-stream.ts, decision 116) must know of one provider package's chunk
// schema and chat stream transform to tell a plain text delta from every other event, and OpenAI's own
// (Azure's copy of @ai-sdk/openai shares it; OpenAI-compatible's is in openai-compatible-fast-dialect.ts).
const isNullish = (v: unknown) => v === null || v === undefined;

/** What the fast path must know of one package's chunk schema and chat stream transform. */
export interface FastDialect {
  /**
   * The text of a chunk the package would turn into exactly one text-delta part and nothing else, once it
   * has seen its response metadata and has an open text part; undefined for any other chunk.
   */
  plainText(value: unknown): string | undefined;
  /** The same for a reasoning delta (`reasoning-delta` with `reasoningId`), for a package that streams reasoning. */
  plainReasoning?(value: unknown): string | undefined;
  /** Whether the package takes its response metadata from this (accepted) chunk. */
  hasMetadata(value: Record<string, unknown>): boolean;
  /**
   * Whether an event given to the package (not a plain delta; `value` its JSON, undefined when it is not
   * one `data:` line of JSON) may close its open part, `open`: the next delta must then go to it too.
   */
  mayClose(value: unknown, open: PartKind): boolean;
  /** The ids of the package's text and reasoning parts. */
  textId: string;
  reasoningId?: string;
}

export type PartKind = "text" | "reasoning";

/**
 * The text of a chunk that the package would turn into exactly one text-delta part and nothing else,
 * once it has seen its response metadata and its first text; undefined for any other chunk.
 * Mirrors @ai-sdk/openai's openaiChatChunkSchema and its chat stream transform (4.0.118, and Azure's
 * 4.0.81, whose schema lacks `refusal`: a refusal here goes to the package either way).
 */
export function plainTextDelta(value: unknown): string | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const o = value as Record<string, unknown>;
  if ("error" in o || !isNullish(o.usage)) return undefined;
  if (!isNullish(o.id) && typeof o.id !== "string") return undefined;
  if (!isNullish(o.model) && typeof o.model !== "string") return undefined;
  if (!isNullish(o.created) && typeof o.created !== "number") return undefined;
  const choices = o.choices;
  if (!Array.isArray(choices) || choices.length !== 1) return undefined;
  const c = choices[0] as Record<string, unknown> | null;
  if (typeof c !== "object" || c === null || Array.isArray(c) || typeof c.index !== "number") return undefined;
  if (!isNullish(c.finish_reason) || !isNullish(c.logprobs)) return undefined;
  const d = c.delta as Record<string, unknown> | null;
  if (typeof d !== "object" || d === null || Array.isArray(d)) return undefined;
  if (!isNullish(d.role) && d.role !== "assistant") return undefined;
  if (!isNullish(d.refusal) || !isNullish(d.tool_calls) || !isNullish(d.annotations)) return undefined;
  return typeof d.content === "string" && d.content.length > 0 ? d.content : undefined;
}

/**
 * @ai-sdk/openai's chat transform (and Azure's copy of it): metadata when any of id, model, created is
 * set (getResponseMetadata); its text part stays open to the end, so nothing given to it closes it.
 */
export const OPENAI_CHAT: FastDialect = {
  plainText: plainTextDelta,
  hasMetadata: (o) => !!o.id || !!o.model || o.created != null,
  mayClose: () => false,
  textId: "0",
};
