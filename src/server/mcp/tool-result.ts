// An MCP tool result in the shape every agent tool returns: text parts joined, other parts described,
// `isError` as an error result, capped so one tool cannot flood the model's context.
import type { ToolResult } from "../../tools/executor.server";
import { MAX_RESULT_CHARS } from "./runtime-options";

interface McpContent {
  type: string;
  text?: string;
  mimeType?: string;
  uri?: string;
  resource?: { uri?: string; text?: string; mimeType?: string };
}

function describe(part: McpContent): string {
  switch (part.type) {
    case "text":
      return part.text ?? "";
    case "resource":
      return part.resource?.text ?? `[resource ${part.resource?.uri ?? ""}]`;
    case "resource_link":
      return `[resource ${part.uri ?? ""}]`;
    default:
      return `[${part.type}${part.mimeType ? ` ${part.mimeType}` : ""}]`;
  }
}

export function toToolResult(result: {
  content?: unknown;
  isError?: unknown;
  structuredContent?: unknown;
  toolResult?: unknown;
}): ToolResult {
  const parts = Array.isArray(result.content) ? (result.content as McpContent[]) : [];
  let text = parts.map(describe).filter(Boolean).join("\n");
  if (!text && result.structuredContent !== undefined) text = JSON.stringify(result.structuredContent);
  if (!text && result.toolResult !== undefined) text = JSON.stringify(result.toolResult);
  if (text.length > MAX_RESULT_CHARS) text = `${text.slice(0, MAX_RESULT_CHARS)}\n[truncated]`;
  if (result.isError === true) return { status: "error", error: text || "The MCP tool reported an error." };
  return { status: "success", content: text };
}
