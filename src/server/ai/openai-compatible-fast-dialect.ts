// What the chat fast path (decision 116) must know of @ai-sdk/openai-compatible 3.0.92 (decision 121):
// its chunk schema (chunkBaseSchema: a loose object, so unknown keys stay and an `error` key of any value
// makes the chunk an error; choices without `index`; `role` may be ""; `refusal` of any type, only a
// non-empty string counts; `reasoning_content` / `reasoning` and array content open a reasoning part,
// which closes the text part) and its stream transform (text part id "txt-0"; a timestamp only for a
// non-zero `created`). Plain reasoning deltas (reasoning part "reasoning-0" open) are taken as well.
// Valid only for a model made without a metadataExtractor (it sees every raw chunk).
import type { FastDialect } from "./openai-chat-fast-dialect";

const isNullish = (v: unknown) => v === null || v === undefined;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
/** Nullish or a string the transform ignores (empty). */
const emptyText = (v: unknown) => isNullish(v) || v === "";

/**
 * The delta of a chunk that changes nothing in the package but its text or reasoning: one choice, no
 * finish reason, usage, error, refusal nor tool call, a schema-valid shape. Undefined for any other chunk.
 */
function inertDelta(value: unknown): Record<string, unknown> | undefined {
  if (!isObject(value) || "error" in value || !isNullish(value.usage)) return undefined;
  if (!isNullish(value.id) && typeof value.id !== "string") return undefined;
  if (!isNullish(value.model) && typeof value.model !== "string") return undefined;
  if (!isNullish(value.created) && typeof value.created !== "number") return undefined;
  const choices = value.choices;
  if (!Array.isArray(choices) || choices.length !== 1) return undefined;
  const c: unknown = choices[0];
  if (!isObject(c) || !isNullish(c.finish_reason)) return undefined;
  const d = c.delta;
  if (!isObject(d)) return undefined;
  if (!isNullish(d.role) && d.role !== "assistant" && d.role !== "") return undefined;
  if (!emptyText(d.refusal) && d.refusal !== false) return undefined;
  if (!isNullish(d.tool_calls) && !(Array.isArray(d.tool_calls) && d.tool_calls.length === 0)) return undefined;
  if (!isNullish(d.reasoning_content) && typeof d.reasoning_content !== "string") return undefined;
  if (!isNullish(d.reasoning) && typeof d.reasoning !== "string") return undefined;
  return d;
}

/** The text of a chunk the package turns into one text-delta and nothing else (text open, metadata seen). */
export function compatiblePlainTextDelta(value: unknown): string | undefined {
  const d = inertDelta(value);
  if (!d || !emptyText(d.reasoning_content) || !emptyText(d.reasoning)) return undefined;
  return typeof d.content === "string" && d.content.length > 0 ? d.content : undefined;
}

/**
 * The reasoning of a chunk the package turns into one reasoning-delta and nothing else (reasoning open,
 * metadata seen): `reasoning_content ?? reasoning`, non-empty, and no content.
 */
export function compatiblePlainReasoningDelta(value: unknown): string | undefined {
  const d = inertDelta(value);
  if (!d || !emptyText(d.content)) return undefined;
  const reasoning = d.reasoning_content ?? d.reasoning;
  return typeof reasoning === "string" && reasoning.length > 0 ? reasoning : undefined;
}

/** Whether a chunk may open a reasoning part (and so close the text part): reasoning fields, array content. */
function mayReason(value: unknown): boolean {
  if (!isObject(value) || !Array.isArray(value.choices)) return false;
  const c: unknown = value.choices[0];
  const d = isObject(c) ? c.delta : undefined;
  if (!isObject(d)) return false;
  return (
    !emptyText(d.reasoning_content) ||
    !emptyText(d.reasoning) ||
    (!isNullish(d.content) && typeof d.content !== "string")
  );
}

export const OPENAI_COMPATIBLE_CHAT: FastDialect = {
  plainText: compatiblePlainTextDelta,
  plainReasoning: compatiblePlainReasoningDelta,
  hasMetadata: (o) => !!o.id || !!o.model || !!o.created,
  // Text closes when reasoning starts; reasoning closes on text, a refusal or a tool call: any other chunk
  // (and an event not read here) hands the next delta to the package.
  mayClose: (value, open) => open === "reasoning" || value === undefined || mayReason(value),
  textId: "txt-0",
  reasoningId: "reasoning-0",
};
