/* eslint-disable @typescript-eslint/no-explicit-any -- stored parts and protocol values are untyped JSON */
// Builds the stored assistant message from the line protocol it was streamed as, so the live reply,
// a stopped one and one recovered after a crash are assembled the same way.
import { parseDataStreamPart } from "@ai-sdk/ui-utils";

type Part = Record<string, any>;

export interface AssembledMessage {
  content: string;
  parts: Part[];
  finishReason: string | null;
  usage: { inputTokens: number; outputTokens: number };
  error: string | null;
}

export class MessageAssembler {
  private parts: Part[] = [];
  private step = 0;
  private toolIndex = new Map<string, Part>();
  private argsText = new Map<string, string>();
  content = "";
  finishReason: string | null = null;
  error: string | null = null;
  usage = { inputTokens: 0, outputTokens: 0 };

  private last() {
    return this.parts[this.parts.length - 1];
  }

  /** Applies a text delta: what a text line ("0:…") carries, without building and parsing the line. */
  applyText(v: string) {
    this.content += v;
    const last = this.last();
    if (last?.type === "text") last.text += v;
    else this.parts.push({ type: "text", text: v });
  }

  /** Applies one protocol line ("0:\"text\"\n"); unknown or malformed lines are ignored here. */
  applyLine(line: string) {
    // Text lines are nearly every line of a reply: parse them directly.
    if (line.startsWith("0:")) {
      let text: unknown;
      try {
        text = JSON.parse(line.slice(2));
      } catch {
        return;
      }
      if (typeof text === "string") this.applyText(text);
      return;
    }
    if (!line.trim()) return;
    let part;
    try {
      part = parseDataStreamPart(line.trim());
    } catch {
      return;
    }
    const v: any = part.value;
    switch (part.type) {
      case "start_step":
        this.parts.push({ type: "step-start" });
        break;
      case "text":
        this.applyText(v);
        break;
      case "reasoning": {
        const last = this.last();
        if (last?.type === "reasoning") {
          last.reasoning += v;
          last.details[0].text += v;
        } else this.parts.push({ type: "reasoning", reasoning: v, details: [{ type: "text", text: v }] });
        break;
      }
      case "reasoning_signature": {
        const last = this.last();
        if (last?.type === "reasoning") last.details[0].signature = v.signature;
        break;
      }
      case "redacted_reasoning":
        this.parts.push({ type: "reasoning", reasoning: "", details: [{ type: "redacted", data: v.data }] });
        break;
      case "source":
        this.parts.push({ type: "source", source: v });
        break;
      case "file":
        this.parts.push({ type: "file", mimeType: v.mimeType, data: v.data });
        break;
      case "tool_call_streaming_start": {
        const p = {
          type: "tool-invocation",
          toolInvocation: {
            state: "partial-call",
            step: this.step,
            toolCallId: v.toolCallId,
            toolName: v.toolName,
            args: undefined,
          },
        };
        this.parts.push(p);
        this.toolIndex.set(v.toolCallId, p);
        break;
      }
      case "tool_call_delta":
        this.argsText.set(v.toolCallId, (this.argsText.get(v.toolCallId) ?? "") + v.argsTextDelta);
        break;
      case "tool_call": {
        let p = this.toolIndex.get(v.toolCallId);
        if (!p) {
          p = { type: "tool-invocation", toolInvocation: {} };
          this.parts.push(p);
          this.toolIndex.set(v.toolCallId, p);
        }
        p.toolInvocation = {
          state: "call",
          step: this.step,
          toolCallId: v.toolCallId,
          toolName: v.toolName,
          args: v.args,
        };
        break;
      }
      case "tool_result": {
        const p = this.toolIndex.get(v.toolCallId);
        if (p) p.toolInvocation = { ...p.toolInvocation, state: "result", result: v.result };
        break;
      }
      case "finish_step":
        this.step++;
        break;
      case "finish_message":
        this.finishReason = v.finishReason;
        if (v.usage)
          this.usage = { inputTokens: v.usage.promptTokens ?? 0, outputTokens: v.usage.completionTokens ?? 0 };
        break;
      case "error":
        this.error = typeof v === "string" ? v : "An error occurred";
        break;
      default:
        break;
    }
  }

  result(): AssembledMessage {
    // Calls that never got a result (stopped or interrupted mid-tool) stay visible as calls.
    return {
      content: this.content,
      parts: this.parts,
      finishReason: this.finishReason,
      usage: this.usage,
      error: this.error,
    };
  }
}

export function assembleLines(text: string): AssembledMessage {
  const a = new MessageAssembler();
  for (const line of text.split("\n")) a.applyLine(line);
  return a.result();
}
