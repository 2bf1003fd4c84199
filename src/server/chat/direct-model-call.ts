// One step's model call for a model read by the direct reader (decision 141), without the AI SDK's part
// pipeline while its parts are the common ones (decision 149). `streamLanguageModelCall` prepares the prompt
// and tools, calls `doStream()`, then pipes the model's parts through an async TransformStream and another
// stream: three web streams and a promise chain per part, for parts that for a plain reply (call start, response
// metadata, text start/delta/end, the fast path's raw markers, finish) it only renames. Here the preparation is
// the SDK's own (the same exported functions, called the same way) and those parts are renamed as its transform
// renames them. At the first part of any other kind (a tool call's parts, an error, a source, a file …) the SDK
// takes over: its `streamLanguageModelCall` is run on a stand-in model whose stream replays every part so far,
// then the rest; its outputs for the replayed parts (one each, already handed on) are dropped. So the step loop
// reads exactly the parts `streamLanguageModelCall` would have given it (step-loop-lane.test.ts compares them).
import type { LanguageModel, ModelMessage, ToolSet } from "ai";
import { aiSdk, aiSdkInternal } from "../ai/sdk";

type Part = { type: string; [k: string]: unknown };
type V4Model = {
  specificationVersion: string;
  provider: string;
  modelId: string;
  supportedUrls: unknown;
  doStream(o: Record<string, unknown>): PromiseLike<{ stream: ReadableStream<Part>; [k: string]: unknown }>;
  doGenerate(o: unknown): PromiseLike<unknown>;
};

export interface ModelCallArgs {
  model: LanguageModel;
  system: string;
  messages: ModelMessage[];
  tools: ToolSet;
  abortSignal: AbortSignal;
  onLanguageModelCallEnd: (e: { content: unknown }) => void;
}

/** What the step loop reads a call's parts with: a web stream's reader, or this call's. */
export interface PartReader {
  read(): Promise<ReadableStreamReadResult<unknown>>;
  cancel(reason?: unknown): Promise<void>;
  releaseLock(): void;
}

/** How many calls the SDK took over (tests: a plain reply's call is never handed to it). */
export const handedToSdk = { count: 0 };

/** The SDK transform's part for a common part (`stream-language-model-call.ts`, ai 7.0.173); undefined for others. */
function renamed(p: Part, usage: (u: unknown) => unknown): Part | undefined {
  switch (p.type) {
    case "stream-start":
      return { type: "model-call-start", warnings: p.warnings };
    case "response-metadata":
      return { type: "model-call-response-metadata", id: p.id, timestamp: p.timestamp, modelId: p.modelId };
    case "text-start":
    case "text-end":
    case "raw":
      return p;
    case "text-delta":
      return { type: "text-delta", id: p.id, text: p.delta, providerMetadata: p.providerMetadata };
    case "finish": {
      const finish = p.finishReason as { unified: string; raw: string | undefined };
      // The step loop reads the finish reason, usage and provider metadata of this part (the SDK's also carries
      // timing figures, which nothing here reads). Its tool-choice check cannot fail: the choice is "auto".
      return {
        type: "model-call-end",
        finishReason: finish.unified,
        rawFinishReason: finish.raw,
        usage: usage(p.usage),
        providerMetadata: p.providerMetadata,
      };
    }
    default:
      return undefined;
  }
}

/** Streams one model call as `streamLanguageModelCall` would, past its pipeline while the parts are common ones. */
export async function directModelCall(args: ModelCallArgs): Promise<{ stream: { getReader(): PartReader } }> {
  const [sdk, internal] = await Promise.all([aiSdk(), aiSdkInternal()]);
  const model = args.model as unknown as V4Model;
  const { abortSignal } = args;
  // As streamLanguageModelCall prepares a call (no settings, no tool choice, no download function given).
  const standardized = await internal.standardizePrompt({ system: args.system, messages: args.messages });
  const prompt = await internal.convertToLanguageModelPrompt({
    prompt: { instructions: standardized.instructions, messages: standardized.messages },
    supportedUrls: (await model.supportedUrls) as Record<string, RegExp[]>,
    download: undefined,
    abortSignal,
    provider: model.provider.split(".")[0],
  });
  const tools = await internal.prepareTools({ tools: args.tools });
  const toolChoice = internal.prepareToolChoice({ toolChoice: undefined });
  const result = await model.doStream({
    tools,
    toolChoice,
    responseFormat: undefined,
    prompt,
    providerOptions: undefined,
    abortSignal,
    headers: undefined,
    includeRawChunks: undefined,
  });
  const source = result.stream.getReader();
  /** Every part read so far, while all were common ones: what the SDK is given again if it takes over. */
  const seen: Part[] = [];
  let theirs: ReadableStreamDefaultReader<unknown> | undefined;
  let skip = 0;

  const takeOver = async (first: Part) => {
    const replay = new ReadableStream<Part>({
      start(c) {
        for (const p of seen) c.enqueue(p);
        c.enqueue(first);
      },
      async pull(c) {
        try {
          const r = await source.read();
          if (r.done) c.close();
          else c.enqueue(r.value);
        } catch (err) {
          c.error(err);
        }
      },
      cancel: (reason) => source.cancel(reason),
    });
    const standIn: V4Model = {
      specificationVersion: model.specificationVersion,
      provider: model.provider,
      modelId: model.modelId,
      supportedUrls: model.supportedUrls,
      doGenerate: () => Promise.reject(new Error("not used")),
      doStream: async () => ({ ...result, stream: replay }),
    };
    handedToSdk.count++;
    skip = seen.length;
    seen.length = 0;
    const { stream } = await sdk.experimental_streamLanguageModelCall({
      model: standIn as unknown as LanguageModel,
      system: args.system,
      messages: args.messages,
      tools: args.tools,
      abortSignal,
      onLanguageModelCallEnd: args.onLanguageModelCallEnd,
    });
    theirs = (stream as ReadableStream<unknown>).getReader();
  };

  const readTheirs = async (): Promise<ReadableStreamReadResult<unknown>> => {
    for (;;) {
      const r = await theirs!.read();
      if (r.done || skip === 0) return r;
      skip--;
    }
  };

  const reader: PartReader = {
    async read() {
      if (theirs) return readTheirs();
      const r = await source.read();
      if (r.done) return r;
      const part = renamed(r.value, internal.asLanguageModelUsage as (u: unknown) => unknown);
      if (part) {
        seen.push(r.value);
        return { done: false, value: part };
      }
      await takeOver(r.value);
      return readTheirs();
    },
    cancel: (reason) => (theirs ?? source).cancel(reason),
    releaseLock: () => (theirs ?? source).releaseLock(),
  };
  return { stream: { getReader: () => reader } };
}
