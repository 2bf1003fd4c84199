// An OpenAI Chat Completions stream read here from its first event to its last, the package's stream never
// built, when every event is one of the common ones (decision 141). @ai-sdk/openai builds, for every call,
// six web-stream layers and a tee before its first part, and parses each event it is given with zod; the
// fast path of decisions 116 and 139 already reads the plain text deltas by hand, so what the package still
// did for a plain reply was its set-up, its first events, its last ones, and the streams' closing cascade.
//
// Here the package still builds the request (its own arguments, headers, body and URL: its fetch is ours,
// which hands the response back to this reader instead of to the package), and this reader turns the common
// events into the parts the package's transform would make: the first chunk (role, empty or first content,
// metadata), plain text deltas (to the step loop's lane, decision 139), the finish reason, the usage chunk,
// `[DONE]`, the end. Any other event — a tool call, a refusal, logprobs, annotations, an error, malformed
// JSON, an unknown shape, a carriage return, a body that fails or ends mid-event — hands the stream over to
// the package: it is given the events it has not seen that change its state (the ones kept here, byte for
// byte), then the rest of the body as the fast path splits it, and its parts for the kept events (the ones
// already handed on here, counted) are dropped. For those events the package's parts are exactly the ones
// made here, which `step-loop-lane.test.ts` checks against the package alone on real wire cases.
import type { StreamPart } from "./openai-chat-fast-stream";
import { readGate } from "./read-gate";
import type { BodyReader } from "../net/http-send";

const isNullish = (v: unknown): v is null | undefined => v === null || v === undefined;
type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** What the reader needs of the fast path's tap (openai-chat-fast-stream.ts). */
export interface DirectTap {
  fed: number;
  pausedAt: number;
  delta(kind: "text", text: string): void;
  waitResume(): Promise<void> | undefined;
}

/** One direct call: the fast path's tap, the body of the response the package's request got, its warnings. */
export interface DirectCall {
  tap: DirectTap;
  body: BodyReader;
  warnings: unknown[];
  /** The raw part that carries marker n (decision 116). */
  marker(n: number): StreamPart;
  /** Hands the stream to the package: `body` holds the kept events, then the rest of the response's body. */
  takeover(body: ReadableStream<Uint8Array>): Promise<{ stream: ReadableStream<StreamPart> }>;
  /** Whether the step loop's part handler may hold the reader after the first text (decision 140). */
  pauseAfterFirstText: boolean;
}

/** A chunk whose only effects are metadata, a finish reason and text: its text and finish reason. */
function simpleChunk(o: Obj): { content: string | null | undefined; finish: string | undefined } | undefined {
  if (!isNullish(o.usage)) return undefined;
  const choices = o.choices;
  if (!Array.isArray(choices) || choices.length !== 1) return undefined;
  const c = choices[0] as unknown;
  if (!isObject(c) || typeof c.index !== "number" || !isNullish(c.logprobs)) return undefined;
  if (!isNullish(c.finish_reason) && typeof c.finish_reason !== "string") return undefined;
  const finish = (c.finish_reason as string | null | undefined) ?? undefined;
  const d = c.delta;
  if (isNullish(d)) return { content: undefined, finish };
  if (!isObject(d)) return undefined;
  if (!isNullish(d.role) && d.role !== "assistant") return undefined;
  if (!isNullish(d.refusal) || !isNullish(d.tool_calls) || !isNullish(d.annotations)) return undefined;
  if (!isNullish(d.content) && typeof d.content !== "string") return undefined;
  return { content: d.content as string | null | undefined, finish };
}

const USAGE_FIELDS = ["prompt_tokens", "completion_tokens", "total_tokens"];
const USAGE_DETAILS: Record<string, string[]> = {
  prompt_tokens_details: ["cached_tokens", "cache_write_tokens"],
  completion_tokens_details: ["reasoning_tokens", "accepted_prediction_tokens", "rejected_prediction_tokens"],
};

/** Picks `keys` of `v` whose values are nullish or numbers, as the package's schema parses them; undefined if one is not. */
function numbers(v: Obj, keys: string[]): Obj | undefined {
  const out: Obj = {};
  for (const k of keys)
    if (k in v) {
      const x = v[k];
      if (!isNullish(x) && typeof x !== "number") return undefined;
      out[k] = x;
    }
  return out;
}

/** The usage as the package's schema parses it (known keys only), or undefined when it would not parse. */
function parsedUsage(u: unknown): Obj | undefined {
  if (!isObject(u)) return undefined;
  const out = numbers(u, USAGE_FIELDS);
  if (!out) return undefined;
  for (const [k, keys] of Object.entries(USAGE_DETAILS))
    if (k in u) {
      const d = u[k];
      if (isNullish(d)) out[k] = d;
      else if (!isObject(d)) return undefined;
      else {
        const parsed = numbers(d, keys);
        if (!parsed) return undefined;
        out[k] = parsed;
      }
    }
  return out;
}

const num = (v: unknown) => (typeof v === "number" ? v : undefined);

/** The package's usage conversion (convertOpenAIChatUsage, @ai-sdk/openai 4.0.118). */
function usageOf(usage: Obj | undefined) {
  if (!usage)
    return {
      inputTokens: { total: undefined, noCache: undefined, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: undefined, text: undefined, reasoning: undefined },
      raw: undefined,
    };
  const prompt = num(usage.prompt_tokens) ?? 0;
  const completion = num(usage.completion_tokens) ?? 0;
  const promptDetails = usage.prompt_tokens_details as Obj | null | undefined;
  const completionDetails = usage.completion_tokens_details as Obj | null | undefined;
  const cached = num(promptDetails?.cached_tokens) ?? 0;
  const cacheWrite = num(promptDetails?.cache_write_tokens);
  const reasoning = num(completionDetails?.reasoning_tokens) ?? 0;
  return {
    inputTokens: { total: prompt, noCache: prompt - cached - (cacheWrite ?? 0), cacheRead: cached, cacheWrite },
    outputTokens: { total: completion, text: Math.max(0, completion - reasoning), reasoning },
    raw: usage,
  };
}

/** The package's finish reason mapping (a refusal never comes this way). */
function unifiedFinish(raw: string) {
  switch (raw) {
    case "stop":
      return "stop";
    case "length":
      return "length";
    case "content_filter":
      return "content-filter";
    case "function_call":
    case "tool_calls":
      return "tool-calls";
    default:
      return "other";
  }
}

/** A JSON key spelled `word`, any of its characters possibly written as a \u escape, followed by its colon. */
const jsonKey = (word: string) =>
  '"' +
  [...word]
    .map((ch) => {
      const hex = ch.charCodeAt(0).toString(16).padStart(4, "0");
      return `(?:${ch}|\\\\u${hex.replace(/[a-f]/g, (x) => `[${x}${x.toUpperCase()}]`)})`;
    })
    .join("") +
  '"\\s*:';

/**
 * A chunk with a key the package's JSON parser (secure-json-parse) looks into — `__proto__`, `constructor`,
 * however escaped — goes to the package, whatever its parser makes of it.
 */
export const SUSPECT = new RegExp(`${jsonKey("__proto__")}|${jsonKey("constructor")}`);

/** The end of the last complete UTF-8 character in `bytes` (the rest waits for the next read). */
function completeUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let back = 1; back <= Math.min(3, n); back++) {
    const b = bytes[n - back]!;
    if ((b & 0xc0) === 0x80) continue; // a continuation byte
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? n - back : n;
  }
  return n;
}

type Step = "ok" | "opened" | "other";

/**
 * Reads the call's response; resolves as the package's `doStream` would: once the first output has been
 * read (or the body ended), with a stream of the parts, or with the package's own result when it took over
 * before any output (an error event before output makes that throw, as the package's check does).
 */
export async function readDirect(call: DirectCall): Promise<{ stream: ReadableStream<StreamPart> }> {
  const { tap, body: reader } = call;
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let buffer = "";
  /** Bytes of a character cut by a read, decoded with the next. */
  let carry: Uint8Array | undefined;
  /** The events the package must see if it takes over: every one that changed its state. */
  let kept = "";
  /** The parts made here for the kept events (the package's, when it takes over, that are dropped). */
  let made = 0;
  let metadata = false;
  let textOpen = false;
  /** Whether a non-empty text part has been made here: a plain delta only comes after one (decision 116's rule). */
  let textOutput = false;
  let rawFinish: string | undefined;
  let usage: Obj | undefined;
  const providerMetadata: { openai: Obj } = { openai: {} };
  let out: ReadableStreamDefaultController<StreamPart> | undefined;
  const pending: StreamPart[] = [];
  let cancelled = false;
  let handedOver: ReadableStreamDefaultReader<StreamPart> | undefined;

  const put = (p: StreamPart) => (out ? out.enqueue(p) : pending.push(p));
  const emit = (p: StreamPart) => {
    made++;
    put(p);
  };
  emit({ type: "stream-start", warnings: call.warnings });

  const handle = (block: string): Step => {
    if (!block.startsWith("data:") || block.includes("\n")) return "other";
    const data = block.charCodeAt(5) === 32 ? block.slice(6) : block.slice(5);
    if (data === "[DONE]") {
      kept += block + "\n\n";
      return "ok";
    }
    if (SUSPECT.test(data)) return "other";
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      return "other";
    }
    if (!isObject(value) || "error" in value) return "other";
    if (!isNullish(value.id) && typeof value.id !== "string") return "other";
    if (!isNullish(value.model) && typeof value.model !== "string") return "other";
    if (!isNullish(value.created) && typeof value.created !== "number") return "other";
    const hasMetadata = !!value.id || !!value.model || !!value.created;
    const simple = simpleChunk(value);
    // A plain delta: the package's only output would be this text (decision 116's condition).
    if (simple?.content && simple.finish === undefined && textOutput && (metadata || !hasMetadata)) {
      tap.delta("text", simple.content);
      return "ok";
    }
    let parsed: Obj | undefined;
    if (!simple) {
      if (!Array.isArray(value.choices) || value.choices.length) return "other";
      parsed = parsedUsage(value.usage);
      if (!parsed) return "other";
    }
    if (!metadata && hasMetadata) {
      metadata = true;
      emit({
        type: "response-metadata",
        id: (value.id as string | null | undefined) ?? undefined,
        modelId: (value.model as string | null | undefined) ?? undefined,
        timestamp: value.created ? new Date((value.created as number) * 1000) : undefined,
      });
    }
    let opened = false;
    if (parsed) {
      usage = parsed;
      const details = parsed.completion_tokens_details as Obj | null | undefined;
      if (!isNullish(details?.accepted_prediction_tokens))
        providerMetadata.openai.acceptedPredictionTokens = details!.accepted_prediction_tokens;
      if (!isNullish(details?.rejected_prediction_tokens))
        providerMetadata.openai.rejectedPredictionTokens = details!.rejected_prediction_tokens;
    } else {
      if (simple!.finish !== undefined) rawFinish = simple!.finish;
      const content = simple!.content;
      if (typeof content === "string") {
        if (!textOpen) {
          emit({ type: "text-start", id: "0" });
          textOpen = true;
        }
        emit({ type: "text-delta", id: "0", delta: content });
        opened = content.length > 0 && !textOutput;
        textOutput ||= content.length > 0;
      }
    }
    kept += block + "\n\n";
    put(call.marker(++tap.fed));
    return opened ? "opened" : "ok";
  };

  let firstOutput = false;
  /** Handles the complete events in `buffer`: "more" to read on, "other" to hand over, "paused" after the first text. */
  const take = (): "more" | "other" | "paused" => {
    if (buffer.includes("\r")) return "other";
    let start = 0;
    for (;;) {
      const end = buffer.indexOf("\n\n", start);
      if (end < 0) break;
      const step = handle(buffer.slice(start, end));
      if (step === "other") {
        buffer = buffer.slice(start);
        return "other";
      }
      start = end + 2;
      if (step === "opened" && !firstOutput) {
        firstOutput = true;
        buffer = buffer.slice(start);
        // The rest of the read waits for the first text to be handled (decision 140).
        if (call.pauseAfterFirstText) tap.pausedAt = tap.fed;
        return "paused";
      }
    }
    buffer = buffer.slice(start);
    return "more";
  };

  const read = async (): Promise<"data" | "end"> => {
    const { done, value } = await reader.read();
    if (done) {
      if (carry) buffer += decoder.decode(carry);
      carry = undefined;
      return "end";
    }
    let bytes = value;
    if (carry) {
      bytes = new Uint8Array(carry.length + value.length);
      bytes.set(carry);
      bytes.set(value, carry.length);
    }
    const cut = completeUtf8(bytes);
    carry = cut < bytes.length ? bytes.slice(cut) : undefined;
    buffer += decoder.decode(cut < bytes.length ? bytes.subarray(0, cut) : bytes);
    return "data";
  };

  /** The package takes over: the kept events, what is left of the buffer, then the body as it comes. */
  const takeover = (failure?: { error: unknown }) => {
    const head = encoder.encode(kept + buffer);
    const tail = carry;
    kept = buffer = "";
    carry = undefined;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(head);
        if (tail) c.enqueue(tail);
        if (failure) c.error(failure.error);
      },
      async pull(c) {
        try {
          const { done, value } = await reader.read();
          if (done) c.close();
          else c.enqueue(value);
        } catch (err) {
          c.error(err);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return call.takeover(body);
  };

  /** The end of the body with every event handled: the package's flush. */
  const finish = () => {
    if (textOpen) emit({ type: "text-end", id: "0" });
    emit({
      type: "finish",
      finishReason:
        rawFinish === undefined
          ? { unified: "interrupted", raw: undefined }
          : { unified: unifiedFinish(rawFinish), raw: rawFinish },
      usage: usageOf(usage),
      providerMetadata,
    });
  };

  // Until the first output, as the package's check: what the SDK gets back waits for it.
  let ended = false;
  for (;;) {
    const step = take();
    if (step === "other") return takeover();
    if (step === "paused") break;
    let got: "data" | "end";
    try {
      got = await read();
    } catch (error) {
      return takeover({ error });
    }
    if (got === "end") {
      if (buffer.trim()) return takeover();
      finish();
      ended = true;
      break;
    }
  }

  const stream = new ReadableStream<StreamPart>({
    start(c) {
      out = c;
      for (const p of pending) c.enqueue(p);
      pending.length = 0;
      if (ended) c.close();
    },
    cancel(reason) {
      cancelled = true;
      void handedOver?.cancel(reason).catch(() => {});
      return reader.cancel(reason).catch(() => {});
    },
  });
  if (ended) return { stream };

  const pump = async () => {
    for (;;) {
      for (let wait = tap.waitResume(); wait; wait = tap.waitResume()) await wait;
      if (cancelled) return;
      const step = take();
      // The next read, not the events in hand, waits while chats wait to start (decision 146): once, so a read
      // still comes at least every hold however long the waiting lasts.
      const wait = step === "more" ? readGate() : undefined;
      if (wait) await wait;
      if (cancelled) return;
      if (step === "other") return handOver();
      if (step === "paused") continue;
      let got: "data" | "end";
      try {
        got = await read();
      } catch (error) {
        // A stopped reply cancelled the body: nothing is left to hand over.
        return cancelled ? undefined : handOver({ error });
      }
      if (cancelled) return;
      if (got === "end") {
        if (buffer.trim()) return handOver();
        finish();
        out!.close();
        return;
      }
    }
  };
  /** After the stream was returned: the package's parts for the kept events were made here already. */
  const handOver = async (failure?: { error: unknown }) => {
    try {
      const { stream: theirs } = await takeover(failure);
      handedOver = theirs.getReader();
      let skip = made;
      for (;;) {
        const { done, value } = await handedOver.read();
        if (done) break;
        if (value.type !== "raw" && skip > 0) {
          skip--;
          continue;
        }
        out!.enqueue(value);
      }
      out!.close();
    } catch (err) {
      if (!cancelled) out!.error(err);
    }
  };
  void pump().catch((err: unknown) => {
    if (!cancelled) out!.error(err);
  });
  return { stream };
}
