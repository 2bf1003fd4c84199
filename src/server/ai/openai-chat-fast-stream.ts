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
import { OPENAI_CHAT, type FastDialect, type PartKind } from "./openai-chat-fast-dialect";
import { MARK, Tap, currentLane } from "./fast-stream-tap";

type Fetch = typeof globalThis.fetch;
type Model = Exclude<LanguageModel, string>;
export type StreamPart = { type: string; rawValue?: unknown; [k: string]: unknown };
type DoStreamResult = { stream: ReadableStream<StreamPart>; [k: string]: unknown };
type DoStreamOptions = { includeRawChunks?: boolean; [k: string]: unknown };

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
      const lane = currentLane();
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
