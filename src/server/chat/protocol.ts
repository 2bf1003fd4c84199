// AI SDK 7 stream parts → the chat line protocol of chat spec §7 (`@ai-sdk/ui-utils@1`'s encoder).
import { formatDataStreamPart } from "@ai-sdk/ui-utils";
import type { TextStreamPart, ToolSet } from "ai";

const usageOf = (u: { inputTokens?: number; outputTokens?: number } | undefined) => ({
  promptTokens: u?.inputTokens ?? 0,
  completionTokens: u?.outputTokens ?? 0,
});

type FinishReason = "stop" | "length" | "content-filter" | "tool-calls" | "error" | "other" | "unknown";
const finishReason = (r: string | undefined): FinishReason =>
  (["stop", "length", "content-filter", "tool-calls", "error", "other"].includes(r ?? "")
    ? r
    : "unknown") as FinishReason;

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  if (typeof err === "string") return err;
  try {
    return JSON.stringify(err);
  } catch {
    return "An error occurred";
  }
}

const anthropicMeta = (meta: unknown) =>
  (meta as { anthropic?: { signature?: string; redactedData?: string } } | undefined)?.anthropic;

/** A text line ("0:" and the JSON string), as formatDataStreamPart("text", …) writes it without its lookup. */
export const textLine = (text: string) => `0:${JSON.stringify(text)}\n`;

/** Encodes one stream part; returns "" for parts the protocol has no line for. */
export function encodePart(part: TextStreamPart<ToolSet>, messageId: string): string {
  switch (part.type) {
    case "start-step":
      return formatDataStreamPart("start_step", { messageId });
    case "text-delta":
      return part.text ? textLine(part.text) : "";
    // @ai-sdk/anthropic puts a redacted_thinking block's data on its reasoning-start and a thinking
    // block's signature on an empty reasoning-delta (its signature_delta event); reasoning-end carries
    // neither, so the i: and j: lines are written where the provider delivers them.
    case "reasoning-start": {
      const data = anthropicMeta(part.providerMetadata)?.redactedData;
      return data ? formatDataStreamPart("redacted_reasoning", { data }) : "";
    }
    case "reasoning-delta": {
      const signature = anthropicMeta(part.providerMetadata)?.signature;
      const text = part.text ? formatDataStreamPart("reasoning", part.text) : "";
      return signature ? text + formatDataStreamPart("reasoning_signature", { signature }) : text;
    }
    case "source":
      if (part.sourceType !== "url") return "";
      return formatDataStreamPart("source", {
        sourceType: "url",
        id: part.id,
        url: part.url,
        title: part.title,
        providerMetadata: undefined,
      });
    case "file":
      return formatDataStreamPart("file", { data: part.file.base64, mimeType: part.file.mediaType });
    case "tool-input-start":
      return formatDataStreamPart("tool_call_streaming_start", { toolCallId: part.id, toolName: part.toolName });
    case "tool-input-delta":
      return part.delta
        ? formatDataStreamPart("tool_call_delta", { toolCallId: part.id, argsTextDelta: part.delta })
        : "";
    case "tool-call":
      return formatDataStreamPart("tool_call", {
        toolCallId: part.toolCallId,
        toolName: part.toolName,
        args: part.input,
      });
    case "tool-result":
      return formatDataStreamPart("tool_result", { toolCallId: part.toolCallId, result: part.output });
    case "tool-error":
      return formatDataStreamPart("tool_result", {
        toolCallId: part.toolCallId,
        result: { status: "error", error: errorMessage(part.error) },
      });
    case "finish-step":
      return formatDataStreamPart("finish_step", {
        isContinued: false,
        finishReason: finishReason(part.finishReason),
        usage: usageOf(part.usage),
      });
    case "finish":
      return formatDataStreamPart("finish_message", {
        finishReason: finishReason(part.finishReason),
        usage: usageOf(part.totalUsage),
      });
    case "error":
      return formatDataStreamPart("error", errorMessage(part.error));
    default:
      return "";
  }
}
