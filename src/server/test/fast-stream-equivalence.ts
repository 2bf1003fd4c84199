// Runs one SSE body through a provider package alone and through the chat fast path (decisions 116, 121),
// whole or split into n-byte reads, and returns what a test compares: the parts, or what the call threw.
import type { FastDialect } from "../ai/openai-chat-fast-dialect";
import { fastChatStream, fastStreamFetch } from "../ai/openai-chat-fast-stream";

type Fetch = typeof globalThis.fetch;
type StreamModel = {
  doStream: (o: Record<string, unknown>) => PromiseLike<{ stream: ReadableStream<unknown> }>;
};
/** Builds the package's chat model with the given fetch. */
export type MakeModel = (fetch: Fetch) => unknown;

/** The body as a stream of `piece`-sized byte chunks (0: one chunk). */
export function body(text: string, piece: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(c) {
      if (!piece) c.enqueue(bytes);
      else for (let i = 0; i < bytes.length; i += piece) c.enqueue(bytes.slice(i, i + piece));
      c.close();
    },
  });
}

export const sse =
  (text: string, piece: number): Fetch =>
  async () =>
    new Response(body(text, piece), { status: 200, headers: { "content-type": "text/event-stream" } });

/** A fetch whose response the package gets through the fast path's splitter, with what it was given. */
export function watchedFetch(text: string, piece: number) {
  const seen = { given: "" };
  const split = fastStreamFetch(sse(text, piece));
  const fetch: Fetch = async (input, init) => {
    const r = await split(input, init);
    const [a, b] = r.body!.tee();
    void new Response(b).text().then((t) => (seen.given = t));
    return new Response(a, r);
  };
  return { fetch, seen };
}

export async function parts(
  make: MakeModel,
  dialect: FastDialect,
  fast: boolean,
  text: string,
  piece: number,
  includeRawChunks = false,
) {
  const chat = make(fast ? fastStreamFetch(sse(text, piece)) : sse(text, piece));
  return streamParts(fast ? fastChatStream(chat as never, dialect) : chat, includeRawChunks);
}

/** Every part of one doStream() call of `model` (or what the call threw). */
export async function streamParts(model: unknown, includeRawChunks = false) {
  try {
    const { stream } = await (model as StreamModel).doStream({
      prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
      includeRawChunks,
    });
    const out: unknown[] = [];
    const reader = stream.getReader();
    try {
      for (;;) {
        const r = await reader.read();
        if (r.done) break;
        out.push(r.value);
      }
    } catch (err) {
      out.push({ failed: err });
    }
    return { out };
  } catch (err) {
    return { thrown: err };
  }
}

/** Errors compared by class, name, message and retryability: what a person and the step loop read of them. */
export const comparable = (r: unknown) =>
  JSON.parse(
    JSON.stringify(r, (_k, v: unknown) =>
      v instanceof Error
        ? {
            class: v.constructor.name,
            name: v.name,
            message: v.message,
            isRetryable: (v as { isRetryable?: unknown }).isRetryable,
          }
        : v instanceof Date
          ? v.toISOString()
          : v,
    ),
  ) as unknown;

/** The parts of a stream through the fast path, and whether they equal the package's at every read size. */
export async function expectSameParts(
  make: MakeModel,
  dialect: FastDialect,
  text: string,
  check: (actual: unknown, expected: unknown) => void,
) {
  const expected = comparable(await parts(make, dialect, false, text, 0));
  for (const piece of [0, 1, 7, 64]) check(comparable(await parts(make, dialect, true, text, piece)), expected);
  return expected;
}
