// The reply's step loop (decision 099): one model call per step through the AI SDK's
// `streamLanguageModelCall` (prompt conversion, tool preparation, tool-call parsing and repair stay the
// SDK's), and the steps, tool execution and usage totals here. It hands on the parts `streamText`'s
// fullStream would, so the line encoder is the same; it costs less than half of `streamText`'s CPU per
// token (bench/README.md), which is most of what a streaming reply costs this server. Parts go to a
// callback read straight off the model call's stream, not through an async generator and for-await:
// each of those is a promise chain per token (decision 111).
import type { LanguageModel, ModelMessage, TextStreamPart, ToolSet } from "ai";
import type { toResponseMessages } from "ai/internal";
import { aiSdk, aiSdkInternal } from "../ai/sdk";
import { isDirectModel } from "../ai/openai-chat-fast-stream";
import { DirectLane, laneMarker, withDirectLane, type LanePart } from "../ai/fast-stream-tap";
import { directModelCall, type PartReader } from "./direct-model-call";
import { mark } from "../perf/trace";

type Part = TextStreamPart<ToolSet>;
type Usage = { inputTokens: number | undefined; outputTokens: number | undefined; totalTokens: number | undefined };
type ContentParts = Parameters<typeof toResponseMessages>[0]["content"];
interface ToolCallPart {
  type: "tool-call";
  toolCallId: string;
  toolName: string;
  input: unknown;
  invalid?: boolean;
  providerExecuted?: boolean;
}

const add = (a: number | undefined, b: number | undefined) =>
  a == null && b == null ? undefined : (a ?? 0) + (b ?? 0);

export interface StepLoopOptions {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  tools: ToolSet;
  maxSteps: number;
  abortSignal: AbortSignal;
  /** Retries of a model call that failed before streaming (429, 5xx), as `streamText`'s maxRetries. */
  maxRetries: number;
}

async function runTool(tools: ToolSet, call: ToolCallPart, messages: ModelMessage[], abortSignal: AbortSignal) {
  const { toolCallId, toolName, input } = call;
  try {
    const execute = tools[toolName]?.execute;
    if (!execute) throw new Error(`Tool ${toolName} cannot be run here`);
    const output: unknown = await execute(input as never, { toolCallId, messages, abortSignal, context: {} });
    return { type: "tool-result" as const, toolCallId, toolName, input, output };
  } catch (error) {
    return { type: "tool-error" as const, toolCallId, toolName, input, error };
  }
}

/**
 * The text of a step's text and reasoning parts, in the order the AI SDK adds them to the step's content
 * (its `upsertTextContentPart`: a part at an id's first start or delta, a new one after its end). The
 * deltas that take the fast path's lane (decision 139) never reach the SDK's transform, so its content
 * lacks their text; this puts it back before the content becomes the next step's messages.
 */
class StepTexts {
  readonly texts: string[] = [];
  /** The open text and reasoning parts by id: their index in `texts`. */
  private readonly open = {
    text: new Map<string | undefined, number>(),
    reasoning: new Map<string | undefined, number>(),
  };
  see(part: { type: string; id?: string; text?: string }) {
    const t = part.type;
    const open = t.startsWith("text-")
      ? this.open.text
      : t.startsWith("reasoning-") && t !== "reasoning-file"
        ? this.open.reasoning
        : undefined;
    if (!open) return;
    let i = open.get(part.id);
    if (i === undefined) open.set(part.id, (i = this.texts.push("") - 1));
    if (t.endsWith("-delta")) this.texts[i] += part.text ?? "";
    else if (t.endsWith("-end")) open.delete(part.id);
  }
  /** Gives the content's text and reasoning parts the full text (they are in the same order). */
  fill(content: ContentParts) {
    let i = 0;
    for (const p of content as Array<{ type: string; text?: string }>)
      if (p.type === "text" || p.type === "reasoning") p.text = this.texts[i++] ?? p.text;
  }
}

/**
 * Reads a stream part by part into `onPart`; a throwing `onPart` cancels the stream. A promise `onPart`
 * returns holds the next read until it settles.
 */
async function readParts<T>(stream: { getReader(): PartReader }, onPart: (part: T) => Hold) {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      const hold = onPart(value as T);
      if (hold) await hold;
    }
  } catch (err) {
    await reader.cancel(err).catch(() => {});
    throw err;
  } finally {
    reader.releaseLock();
  }
}

/**
 * What a part's handler may return: a promise (never rejected) the model call's next parts wait for. The
 * reply's first text line returns its write, so the first token is stored and sent before the rest of the
 * model's read is handled, which would otherwise run first and hold the write's answer (decision 140).
 */
type Hold = Promise<unknown> | undefined | void;

/** Runs the reply's steps, handing every part to `onPart` as it comes; resolves after the last ("finish"). */
export async function runSteps(opts: StepLoopOptions, onPart: (part: Part) => Hold): Promise<void> {
  const { model, system, tools, abortSignal } = opts;
  // Loaded with the first reply after a start (cached after it), not at start (decision 113's addendum).
  const [{ experimental_streamLanguageModelCall: streamLanguageModelCall }, { prepareRetries, toResponseMessages }] =
    await Promise.all([aiSdk(), aiSdkInternal()]);
  const { retry } = prepareRetries({ maxRetries: opts.maxRetries, abortSignal });
  // A direct model's calls skip the SDK's part pipeline while their parts are the common ones (decision 149).
  const modelCall = isDirectModel(model) ? directModelCall : streamLanguageModelCall;
  let messages = opts.messages;
  let total: Usage = { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined };
  let finishReason: string | undefined;
  for (let step = 0; step < opts.maxSteps; step++) {
    onPart({ type: "start-step", request: {}, warnings: [] } as unknown as Part);
    let content: ContentParts = [];
    // Only a step another may follow needs its texts (they become that step's messages).
    const texts = step + 1 < opts.maxSteps ? new StepTexts() : undefined;
    // A fast-path model's plain deltas come straight from its body's reader (decision 139).
    const lane = new DirectLane((part: LanePart) => {
      texts?.see(part);
      onPart(part as unknown as Part);
    });
    mark?.("model call starts");
    const { stream } = await retry(() =>
      withDirectLane(lane, () =>
        modelCall({
          model,
          system,
          messages,
          tools,
          abortSignal,
          onLanguageModelCallEnd: (e: { content: unknown }) => {
            content = e.content as ContentParts;
          },
        }),
      ),
    );
    mark?.("model call returned its stream");
    const runs: Array<ReturnType<typeof runTool>> = [];
    const outputs: Part[] = [];
    let calls = 0;
    let end: { finishReason: string; usage: Usage; providerMetadata?: unknown } | undefined;
    let failed = false;
    try {
      await readParts(stream as { getReader(): PartReader }, (raw): Hold => {
        const part = raw as Part | { type: "model-call-end"; finishReason: string; usage: Usage };
        if (part.type === "raw") {
          // Only a fast-path call's stream has raw parts (its markers): nothing a client gets.
          const n = laneMarker(part);
          if (n !== undefined) lane.mark(n);
          return;
        }
        if (part.type === "model-call-end") {
          end = part;
          return;
        }
        texts?.see(part as { type: string });
        if (part.type === "text-delta") return onPart(part);
        if (part.type === "tool-call") {
          const call = part as unknown as ToolCallPart;
          if (!call.providerExecuted) {
            calls++;
            // Invalid calls get their tool-error from the SDK (next part); valid ones run while the model streams on.
            if (!call.invalid) runs.push(runTool(tools, call, messages, abortSignal));
          }
        } else if (part.type === "tool-error") outputs.push(part);
        else if (part.type === "error") failed = true;
        onPart(part);
      });
    } finally {
      lane.close();
    }
    for (const result of await Promise.all(runs)) {
      const part = result as unknown as Part;
      outputs.push(part);
      onPart(part);
    }
    if (!end) {
      // The call failed (an error part was sent) or was stopped: no step totals to report.
      if (failed || abortSignal.aborted) return;
      end = {
        finishReason: "other",
        usage: { inputTokens: undefined, outputTokens: undefined, totalTokens: undefined },
      };
    }
    finishReason = end.finishReason;
    total = {
      inputTokens: add(total.inputTokens, end.usage.inputTokens),
      outputTokens: add(total.outputTokens, end.usage.outputTokens),
      totalTokens: add(total.totalTokens, end.usage.totalTokens),
    };
    onPart({
      type: "finish-step",
      finishReason: end.finishReason,
      usage: end.usage,
      providerMetadata: end.providerMetadata,
    } as unknown as Part);
    // Like streamText: another step only when every tool call of this one has its output.
    if (!calls || outputs.length !== calls || step + 1 >= opts.maxSteps || abortSignal.aborted) break;
    if (lane.used) texts?.fill(content);
    const results = outputs.map((p) => p as unknown as ContentParts[number]);
    messages = [...messages, ...(await toResponseMessages({ content: [...content, ...results], tools }))];
  }
  onPart({ type: "finish", finishReason: finishReason ?? "other", totalUsage: total } as unknown as Part);
}
