// A fast path for OpenAI Chat Completions streams (decision 116). @ai-sdk/openai's doStream() sends each
// SSE event of the response through five web-stream layers (TextDecoderStream, EventSourceParserStream,
// JSON + zod, the early-error tee, its chunk transform): ~55 µs of CPU per token at a real pace, more
// than everything else the server does for it. Nearly every event of a reply is a plain text delta, and
// for such an event the package's only output is one `text-delta` part and its state does not change.
//
// So the response body is read here first: an event that is a plain text delta (checked field by field
// against the package's schema) becomes that part directly; every other event (the first ones, tool
// calls, finish reason, usage, errors, refusals, logprobs, anything unknown or malformed) goes on to the
// package, byte for byte, which parses and handles it as it always did. Order is kept with a marker the
// package passes through untouched: after each event it is given, a `{"choices":[]}` chunk it turns into
// nothing but a `raw` part (asked for with includeRawChunks and dropped here); a text delta that came
// after it waits until that marker has come out of the package's stream.
// What counts as a plain text (or reasoning) delta depends on the package's schema and transform: a
// dialect says it (OpenAI's, which Azure's copy of @ai-sdk/openai shares; OpenAI-compatible's: decision 121).
// The reply's step loop takes the deltas straight from here, past the package and the SDK (decision 139);
// for OpenAI's own models it reads the whole stream directly until an uncommon event (decision 141).
import { AsyncLocalStorage } from "node:async_hooks";
import type { LanguageModel } from "ai";
import { SUSPECT, readDirect } from "./openai-chat-direct";
import { StreamedResponse, type Send } from "../net/http-send";

type Fetch = typeof globalThis.fetch;
type Model = Exclude<LanguageModel, string>;
export type StreamPart = { type: string; rawValue?: unknown; [k: string]: unknown };
type DoStreamResult = { stream: ReadableStream<StreamPart>; [k: string]: unknown };
type DoStreamOptions = { includeRawChunks?: boolean; [k: string]: unknown };

/** The marker's key: a chunk of the package's schema (empty choices) the package makes only a raw part of. */
const MARK = "switchboard_fast_path_marker";

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

type PartKind = "text" | "reasoning";

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

/** A text or reasoning delta as the AI SDK's part transform hands it on (`text`, not the provider's `delta`). */
export type LanePart = { type: "text-delta" | "reasoning-delta"; id: string | undefined; text: string };

/**
 * The marker a raw part carries, if it is one. A lane's reader gets the package's stream as it is, raw parts
 * and all (the AI SDK's part transform passes them on), and reads the markers off it.
 */
export function laneMarker(part: { type: string; rawValue?: unknown }): number | undefined {
  if (part.type !== "raw") return undefined;
  const n = (part.rawValue as Record<string, unknown> | undefined)?.[MARK];
  return typeof n === "number" ? n : undefined;
}

/**
 * The reader of one model call's parts (the reply's step loop) taking the fast path's deltas straight,
 * past the package's output stream and the AI SDK's part transform (decision 139). The deltas keep their
 * place with the markers: each marker goes on through the SDK as the package's raw part, and a delta that came
 * after marker n is handed over once the reader has read mark n, that is every part before it.
 */
export class DirectLane {
  tap: Tap | undefined;
  /** Set when the reader stops reading: later deltas are dropped, as a cancelled stream's are. */
  closed = false;
  /** Whether any delta took the lane (the SDK's collected content then lacks their text). */
  used = false;
  readonly onPart: (part: LanePart) => void;
  constructor(onPart: (part: LanePart) => void) {
    this.onPart = onPart;
  }
  /** The reader read mark `n`: every part the package made before marker n has been read. */
  mark(n: number) {
    const tap = this.tap;
    if (!tap) return;
    tap.delivered = n;
    tap.release();
    if (tap.pausedAt && n >= tap.pausedAt) tap.resume();
  }
  /** The reader stopped reading. */
  close() {
    this.closed = true;
    this.tap?.resume();
  }
}

const lanes = new AsyncLocalStorage<DirectLane>();

/** Runs `f` (a model call through a fast-path model) with its deltas going to `lane`. */
export function withDirectLane<T>(lane: DirectLane, f: () => T): T {
  return lanes.run(lane, f);
}

/** One model call's fast path: fed by the fetch below, read by the model's doStream(). */
class Tap {
  readonly dialect: FastDialect;
  constructor(dialect: FastDialect) {
    this.dialect = dialect;
  }
  /** Markers given to the package, and seen coming out of its stream. */
  fed = 0;
  seen = 0;
  /** Deltas that came while the package had events in hand: each after marker `after`. */
  queue: Array<{ after: number; kind: PartKind; text: string }> = [];
  out: ReadableStreamDefaultController<StreamPart> | undefined;
  /** Whether the response was split (an SSE body); otherwise the package got it untouched. */
  split = false;
  /** The reader taking the deltas straight, if any; then `delivered` is the last mark it has read. */
  lane: DirectLane | undefined;
  delivered = 0;
  /** The call's response goes to the direct reader (decision 141), not to the package. */
  direct = false;
  /** A direct call's request arguments and warnings, as the package's request built them. */
  args: { args: Record<string, unknown>; warnings: unknown[] } | undefined;
  /**
   * With a lane: the marker after the event that opened the call's text, while the body's reader waits for
   * the lane's reader to read it (and to handle the first text part: decision 140); 0 when not waiting.
   */
  pausedAt = 0;
  private resumed: (() => void) | undefined;
  /** Resolves when the body's reader may go on (at once when it is not waiting). */
  waitResume(): Promise<void> | undefined {
    if (!this.pausedAt) return undefined;
    return new Promise((r) => (this.resumed = r));
  }
  resume() {
    this.pausedAt = 0;
    const r = this.resumed;
    this.resumed = undefined;
    r?.();
  }

  private part(kind: PartKind, delta: string): StreamPart {
    return kind === "text"
      ? { type: "text-delta", id: this.dialect.textId, delta }
      : { type: "reasoning-delta", id: this.dialect.reasoningId, delta };
  }

  private give(kind: PartKind, text: string) {
    const lane = this.lane;
    if (!lane) return this.out!.enqueue(this.part(kind, text));
    if (lane.closed) return;
    lane.used = true;
    lane.onPart(
      kind === "text"
        ? { type: "text-delta", id: this.dialect.textId, text }
        : { type: "reasoning-delta", id: this.dialect.reasoningId, text },
    );
  }

  /** How far the deltas' reader has got: the package's stream, or (with a lane) the SDK's past it. */
  private get reached() {
    return this.lane ? this.delivered : this.seen;
  }

  delta(kind: PartKind, text: string) {
    // (A lane's reader has read no marker before the package has been given one: fed ≥ 1 here.)
    if ((this.lane || this.out) && !this.queue.length && this.reached === this.fed) this.give(kind, text);
    else this.queue.push({ after: this.fed, kind, text });
  }

  /** Sends the queued deltas whose marker has been read (all of them with `all`). */
  release(all = false) {
    let i = 0;
    while (i < this.queue.length && (all || this.queue[i]!.after <= this.reached)) {
      const q = this.queue[i]!;
      this.give(q.kind, q.text);
      i++;
    }
    if (i) this.queue.splice(0, i);
  }
}

const taps = new AsyncLocalStorage<Tap>();

/**
 * Reads an SSE body: plain text deltas go to the tap, every other event (verbatim, with a marker after it)
 * to the stream returned, which is the package's body. Anything the splitter does not recognise
 * (a carriage return in the stream) makes it hand the rest of the body over untouched.
 */
function splitBody(body: ReadableStream<Uint8Array>, tap: Tap): ReadableStream<Uint8Array> {
  const dialect = tap.dialect;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let buffer = "";
  let passThrough = false;
  let metadata = false;
  /** The part the package has open, as far as its output is known here (and its early-error check done). */
  let open: PartKind | undefined;
  /** Whether a text event has been given to the package. */
  let textSeen = false;
  let done = false;
  let pkg!: ReadableStreamDefaultController<Uint8Array>;

  const marker = () => `data: {"choices":[],"${MARK}":${++tap.fed}}\n\n`;
  /** Splits the complete events out of `buffer`; returns what the package gets. */
  const take = (): string => {
    if (passThrough || buffer.includes("\r")) {
      passThrough = true;
      const rest = buffer;
      buffer = "";
      return rest;
    }
    let forward = "";
    let start = 0;
    for (;;) {
      const end = buffer.indexOf("\n\n", start);
      if (end < 0) break;
      const block = buffer.slice(start, end);
      start = end + 2;
      let text: string | undefined;
      let kind: PartKind | undefined;
      let value: unknown;
      if (block.startsWith("data:") && !block.includes("\n")) {
        const data = block.charCodeAt(5) === 32 ? block.slice(6) : block.slice(5);
        // A chunk the package's parser would scan for prototype keys goes to it (as it is).
        if (data !== "[DONE]" && !SUSPECT.test(data)) {
          try {
            value = JSON.parse(data);
          } catch {
            value = undefined;
          }
          text = dialect.plainText(value);
          if (text !== undefined) kind = "text";
          else if (dialect.plainReasoning) {
            text = dialect.plainReasoning(value);
            if (text !== undefined) kind = "reasoning";
          }
        }
      }
      // A plain chunk without metadata of its own leaves the package's metadata step a no-op.
      if (kind && open === kind && (metadata || !dialect.hasMetadata(value as Record<string, unknown>))) {
        tap.delta(kind, text!);
        continue;
      }
      forward += block + "\n\n" + marker();
      // What the package now knows, from a chunk its schema accepts (a plain chunk is such a chunk): its
      // response metadata, and that this kind of part is open (for text: and its early-error check is
      // done, the text being output); another chunk may close that part (text, when reasoning starts).
      if (kind) {
        if (dialect.hasMetadata(value as Record<string, unknown>)) metadata = true;
        open = kind;
      } else if (open && dialect.mayClose(value, open)) open = undefined;
      // The event that opens the call's text: the rest of the body waits until the lane's reader has read
      // its text part and what that part's handler holds it for (the reply's first token stored and sent),
      // so that the rest of a read holding many tokens is not handled before it (decision 140).
      if (kind === "text" && !textSeen) {
        textSeen = true;
        if (tap.lane) {
          tap.pausedAt = tap.fed;
          break;
        }
      }
    }
    buffer = buffer.slice(start);
    return forward;
  };

  const pump = async () => {
    try {
      for (;;) {
        const { done: end, value } = await reader.read();
        if (end) break;
        buffer += decoder.decode(value, { stream: true });
        let forward = take();
        if (forward) pkg.enqueue(encoder.encode(forward));
        for (let wait = tap.waitResume(); wait; wait = tap.waitResume()) {
          await wait;
          if (done) return;
          forward = take();
          if (forward) pkg.enqueue(encoder.encode(forward));
        }
      }
      buffer += decoder.decode();
      // An unterminated last event goes to the package as it is (its parser decides, as before).
      const rest = take() + buffer;
      buffer = "";
      if (rest) pkg.enqueue(encoder.encode(rest));
      done = true;
      pkg.close();
    } catch (err) {
      if (!done) {
        done = true;
        pkg.error(err);
      }
    }
  };

  return new ReadableStream<Uint8Array>({
    start(controller) {
      pkg = controller;
      tap.split = true;
      void pump();
    },
    cancel(reason) {
      done = true;
      return reader.cancel(reason);
    },
  });
}

/** Carries a direct call's response out of the package's request (decision 141): it is not an error. */
class Captured {
  readonly response: StreamedResponse;
  constructor(response: StreamedResponse) {
    this.response = response;
  }
}

/** The response a call handed over to the package is given again, instead of a request (decision 141). */
const replays = new AsyncLocalStorage<Response>();

/**
 * A provider's fetch: a model call made through `fastChatStream`'s model gets its body split. `send`: how a
 * direct call is sent (decision 147: node:http, its body not made a web stream); by `fetch` without it.
 */
export function fastStreamFetch(fetch: Fetch, send?: Send): Fetch {
  return async (input, init) => {
    const tap = taps.getStore();
    const replay = tap && replays.getStore();
    const sent = replay ?? (tap?.direct && send ? await send(input, init) : await fetch(input, init));
    // Only a 2xx event stream comes back as a StreamedResponse: the direct reader's.
    if (sent instanceof StreamedResponse) throw new Captured(sent);
    const response = sent;
    if (!tap || !response.ok || !response.body) return response;
    if (!(response.headers.get("content-type") ?? "").includes("text/event-stream")) return response;
    // Thrown through the package's request, which passes on what is not a network or abort error unchanged.
    if (tap.direct && !replay)
      throw new Captured(
        new StreamedResponse(response.status, Object.fromEntries(response.headers), response.body.getReader()),
      );
    return new Response(splitBody(response.body, tap), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** Drops the raw parts asked for the markers; lets the fast path's text deltas in where they belong. */
function merge(stream: ReadableStream<StreamPart>, tap: Tap): ReadableStream<StreamPart> {
  const reader = stream.getReader();
  return new ReadableStream<StreamPart>({
    start(controller) {
      tap.out = controller;
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            if (value.type === "raw") {
              const mark = (value.rawValue as Record<string, unknown> | undefined)?.[MARK];
              if (typeof mark === "number") {
                tap.seen = mark;
                tap.release();
              }
              continue;
            }
            controller.enqueue(value);
          }
          tap.release(true);
          controller.close();
        } catch (err) {
          tap.release(true);
          controller.error(err);
        }
      })();
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

const dropRaw = () =>
  new TransformStream<StreamPart, StreamPart>({
    transform(part, controller) {
      if (part.type !== "raw") controller.enqueue(part);
    },
  });

/** What the direct reader uses of @ai-sdk/openai's chat model (4.0.118): its own request arguments and URL. */
interface OpenAIChatModel {
  modelId: string;
  getArgs(o: DoStreamOptions): Promise<{ args: Record<string, unknown>; warnings: unknown[] }>;
  config: { url(o: { path: string; modelId: string }): string; requestModelId?: string };
}

const isOpenAIChatModel = (m: unknown): m is OpenAIChatModel =>
  typeof (m as OpenAIChatModel).getArgs === "function" && typeof (m as OpenAIChatModel).config?.url === "function";

/** The models whose streams a step loop's lane gets read by the direct reader (decision 141). */
const directModels = new WeakSet<object>();
export const isDirectModel = (model: LanguageModel) => typeof model === "object" && directModels.has(model);

/**
 * A chat model whose streams take the fast path (its provider's fetch must be `fastStreamFetch`), read
 * with the dialect of its package. A call that asks for raw chunks itself goes to the package untouched.
 * `direct`: @ai-sdk/openai's own chat model, whose streams a step loop reads are read here from start to end
 * while their events are the common ones (decision 141).
 */
export function fastChatStream(
  model: Model,
  dialect: FastDialect = OPENAI_CHAT,
  opts: { direct?: boolean } = {},
): Model {
  const inner = model as unknown as {
    doStream: (o: DoStreamOptions) => PromiseLike<DoStreamResult>;
    doGenerate: (o: unknown) => PromiseLike<unknown>;
  };
  const direct = !!opts.direct && dialect === OPENAI_CHAT && isOpenAIChatModel(model);
  if (direct) {
    // The package's request arguments of a direct call, kept as its request builds them (not built again).
    const m = model as unknown as OpenAIChatModel;
    const getArgs = m.getArgs.bind(m);
    m.getArgs = async (o) => {
      const built = await getArgs(o);
      const tap = taps.getStore();
      if (tap?.direct) tap.args = built;
      return built;
    };
  }
  const wrapped = {
    specificationVersion: model.specificationVersion,
    provider: model.provider,
    modelId: model.modelId,
    get supportedUrls() {
      return (model as { supportedUrls: unknown }).supportedUrls;
    },
    doGenerate: (options: unknown) => inner.doGenerate(options),
    doStream: async (options: DoStreamOptions) => {
      if (options.includeRawChunks) return inner.doStream(options);
      const tap = new Tap(dialect);
      const lane = lanes.getStore();
      if (lane) {
        // A retried call's tap replaces the failed one's.
        tap.lane = lane;
        lane.tap = tap;
      }
      const call = () => taps.run(tap, () => inner.doStream({ ...options, includeRawChunks: true }));
      if (direct && lane) {
        tap.direct = true;
        let captured: StreamedResponse;
        try {
          const result = await call();
          // Not captured (an error status, not an event stream): the package's answer as before.
          return tap.split ? result : { ...result, stream: result.stream.pipeThrough(dropRaw()) };
        } catch (err) {
          if (!(err instanceof Captured)) throw err;
          captured = err.response;
        }
        tap.direct = false;
        const m = model as unknown as OpenAIChatModel;
        const { args, warnings } = tap.args ?? (await m.getArgs(options));
        const request = {
          body: { ...args, stream: true, stream_options: { include_usage: true } },
          url: m.config.url({ path: "/chat/completions", modelId: m.config.requestModelId ?? m.modelId }),
        };
        const { stream } = await readDirect({
          tap,
          body: captured.body,
          warnings,
          marker: (n) => ({ type: "raw", rawValue: { [MARK]: n } }),
          takeover: async (body) =>
            replays.run(new Response(body, { status: captured.status, headers: captured.headers }), call),
          pauseAfterFirstText: true,
        });
        return { stream, request, response: { headers: captured.headers } };
      }
      const result = await call();
      if (!tap.split) return { ...result, stream: result.stream.pipeThrough(dropRaw()) };
      // A lane's reader takes the package's stream as it is and reads the markers off it (decision 139).
      return tap.lane ? result : { ...result, stream: merge(result.stream, tap) };
    },
  };
  if (direct) directModels.add(wrapped);
  return wrapped as unknown as Model;
}
