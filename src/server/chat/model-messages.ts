/* eslint-disable @typescript-eslint/no-explicit-any -- stored parts and protocol values are untyped JSON */
// Stored conversation → the messages sent to the model. History comes from the database, never from
// the client, so a client cannot invent assistant turns or tool results.
import type { ModelMessage } from "ai";
import type { MessageRow } from "../conversations/queries";

type Part = Record<string, any>;

function userContent(m: MessageRow, extra: ModelContent[]): string | ModelContent[] {
  if (!extra.length) return m.content;
  return [{ type: "text", text: m.content }, ...extra];
}

export type ModelContent = { type: "text"; text: string } | { type: "file"; data: Uint8Array | URL; mediaType: string };

/** `attachmentContent(m)` turns a user message's attachments into model content (images, extracted text). */
export async function toModelMessages(
  rows: MessageRow[],
  attachmentContent: (m: MessageRow) => Promise<ModelContent[]>,
): Promise<ModelMessage[]> {
  const out: ModelMessage[] = [];
  for (const m of rows) {
    if (m.role === "user") {
      out.push({ role: "user", content: userContent(m, await attachmentContent(m)) } as ModelMessage);
      continue;
    }
    if (m.role !== "assistant") continue;
    // One assistant message per step, each followed by the results of its tool calls.
    const steps: Part[][] = [[]];
    for (const p of m.parts as Part[]) {
      if (p.type === "step-start" && steps[steps.length - 1]!.length) steps.push([]);
      else if (p.type !== "step-start") steps[steps.length - 1]!.push(p);
    }
    for (const step of steps) {
      const content: any[] = [];
      const results: any[] = [];
      for (const p of step) {
        if (p.type === "text" && p.text) content.push({ type: "text", text: p.text });
        if (p.type === "tool-invocation") {
          const inv = p.toolInvocation;
          content.push({
            type: "tool-call",
            toolCallId: inv.toolCallId,
            toolName: inv.toolName,
            input: inv.args ?? {},
          });
          const result =
            inv.state === "result" ? inv.result : { status: "error", error: "The tool call did not finish." };
          results.push({
            type: "tool-result",
            toolCallId: inv.toolCallId,
            toolName: inv.toolName,
            output: { type: "json", value: result ?? null },
          });
        }
      }
      if (content.length) out.push({ role: "assistant", content } as ModelMessage);
      if (results.length) out.push({ role: "tool", content: results } as ModelMessage);
    }
  }
  return out;
}
