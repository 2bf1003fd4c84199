// Azure OpenAI through the chat fast path (decision 121) must give exactly the parts @ai-sdk/azure's own
// copy of @ai-sdk/openai gives for the same wire bytes: Azure's content-filter annotations, its empty
// first chunk, `obfuscation`, error events, whole and split bodies.
import { describe, expect, it } from "vitest";
import { createAzure } from "@ai-sdk/azure";
import { OPENAI_CHAT, plainTextDelta } from "./openai-chat-fast-dialect";
import { fastChatStream } from "./openai-chat-fast-stream";
import {
  comparable,
  expectSameParts,
  parts,
  streamParts,
  watchedFetch,
  type MakeModel,
} from "../test/fast-stream-equivalence";

const make: MakeModel = (fetch) => createAzure({ resourceName: "contoso", apiKey: "k", fetch }).chat("gpt-4o-prod");

// As Azure sends them: keys sorted, content_filter_results on each choice, an empty first chunk.
const safe = { filtered: false, severity: "safe" };
const filters = { hate: safe, self_harm: safe, sexual: safe, violence: safe };
const meta = {
  created: 1764230000,
  id: "chatcmpl-Ag7xYz",
  model: "gpt-4o-2024-11-20",
  object: "chat.completion.chunk",
};
const data = (o: unknown) => `data: ${JSON.stringify(o)}\n\n`;
const promptFilter = data({
  choices: [],
  created: 0,
  id: "",
  model: "",
  object: "",
  prompt_filter_results: [
    { prompt_index: 0, content_filter_results: { ...filters, jailbreak: { filtered: false, detected: false } } },
  ],
});
const choice = (delta: Record<string, unknown>, finish: string | null = null, cfr: unknown = {}) => ({
  choices: [{ content_filter_results: cfr, delta, finish_reason: finish, index: 0, logprobs: null }],
  ...meta,
  system_fingerprint: "fp_b705f0c291",
});
const role = data(choice({ content: "", refusal: null, role: "assistant" }));
const word = (w: string, i: number) => data({ ...choice({ content: w }, null, filters), obfuscation: `o${i}x` });
const words = (n: number, from = 1) => Array.from({ length: n }, (_, i) => word(`w${i + from} `, i + from)).join("");
const stop = (reason = "stop") => data(choice({}, reason));
const usage = data({
  choices: [],
  ...meta,
  system_fingerprint: "fp_b705f0c291",
  usage: {
    completion_tokens: 6,
    completion_tokens_details: {
      accepted_prediction_tokens: 0,
      audio_tokens: 0,
      reasoning_tokens: 0,
      rejected_prediction_tokens: 0,
    },
    prompt_tokens: 19,
    prompt_tokens_details: { audio_tokens: 0, cached_tokens: 0 },
    total_tokens: 25,
  },
});
const done = "data: [DONE]\n\n";

const CASES: Record<string, string> = {
  "a text reply (prompt filter chunk first, obfuscation, usage)":
    promptFilter + role + words(6) + stop() + usage + done,
  "asynchronous filter: offsets-only chunks between the text": [
    promptFilter,
    role,
    words(3),
    data({
      choices: [
        {
          content_filter_offsets: { check_offset: 0, start_offset: 0, end_offset: 12 },
          content_filter_results: filters,
          finish_reason: null,
          index: 0,
        },
      ],
      created: 0,
      id: "",
      model: "",
      object: "",
    }),
    words(3, 4),
    stop(),
    usage,
    done,
  ].join(""),
  "the output filtered mid-reply": [
    promptFilter,
    role,
    words(2),
    data(choice({}, "content_filter", { ...filters, violence: { filtered: true, severity: "medium" } })),
    usage,
    done,
  ].join(""),
  "tool calls after text": [
    promptFilter,
    role,
    words(2),
    data(
      choice({
        tool_calls: [{ function: { arguments: "", name: "lookup" }, id: "call_Xy1", index: 0, type: "function" }],
      }),
    ),
    data(choice({ tool_calls: [{ function: { arguments: '{"q":"x"}' }, index: 0 }] })),
    words(1, 3),
    stop("tool_calls"),
    usage,
    done,
  ].join(""),
  "an error event mid-stream": [
    promptFilter,
    role,
    words(3),
    data({
      error: {
        code: "server_error",
        message: "The server had an error while processing your request. Sorry about that!",
        param: null,
        type: "server_error",
      },
    }),
    words(1, 4),
  ].join(""),
  "a refusal (4.0.81 drops the field) and logprobs": [
    promptFilter,
    role,
    words(2),
    data(choice({ refusal: "I can't help with that." })),
    data({
      ...choice({ content: "p" }),
      choices: [
        {
          content_filter_results: {},
          delta: { content: "p" },
          finish_reason: null,
          index: 0,
          logprobs: { content: [{ bytes: [112], logprob: -0.01, token: "p", top_logprobs: [] }], refusal: null },
        },
      ],
    }),
    words(1, 3),
    stop(),
    done,
  ].join(""),
  "text with usage on the same chunk, malformed JSON": [
    promptFilter,
    role,
    words(2),
    data({
      ...choice({ content: "u" }, null, filters),
      usage: { completion_tokens: 1, prompt_tokens: 2, total_tokens: 3 },
    }),
    'data: {"choices":[{"delta":{"content":"x"\n\n',
    words(2, 3),
    stop(),
    done,
  ].join(""),
  "CRLF line ends": (promptFilter + role + words(3) + stop() + usage + done).replace(/\n/g, "\r\n"),
  "a body cut before its last blank line": promptFilter + role + words(3) + "data: [DONE]",
};

describe("Azure OpenAI through the chat fast path (decision 121)", () => {
  for (const [name, text] of Object.entries(CASES))
    it(`gives @ai-sdk/azure's parts: ${name}`, async () => {
      await expectSameParts(make, OPENAI_CHAT, text, (actual, expected) => expect(actual).toEqual(expected));
    });

  it("Azure's text chunks (content filter results, obfuscation) are plain text deltas; the rest are not", () => {
    const value = (s: string) => JSON.parse(s.slice(6)) as unknown;
    expect(plainTextDelta(value(word("hi", 1)))).toBe("hi");
    for (const s of [promptFilter, role, stop(), stop("content_filter"), usage])
      expect(plainTextDelta(value(s))).toBeUndefined();
  });

  it("the package gets every event but the text deltas after the first", async () => {
    const text = CASES["a text reply (prompt filter chunk first, obfuscation, usage)"]!;
    const { fetch, seen } = watchedFetch(text, 9);
    const fast = comparable(await streamParts(fastChatStream(make(fetch) as never, OPENAI_CHAT)));
    expect(fast).toEqual(comparable(await parts(make, OPENAI_CHAT, false, text, 0)));
    expect(seen.given).toContain('"content":"w1 "');
    expect(seen.given).not.toContain('"content":"w2 "');
    expect(seen.given).toContain("prompt_filter_results");
    expect(seen.given).toContain('"finish_reason":"stop"');
  });

  it("an error before any output still rejects the call", async () => {
    const text =
      promptFilter +
      data({
        error: {
          code: "429",
          message: "Requests to the ChatCompletions_Create Operation have exceeded the rate limit",
        },
      });
    const expected = comparable(await parts(make, OPENAI_CHAT, false, text, 0));
    expect(expected).toHaveProperty("thrown");
    expect(comparable(await parts(make, OPENAI_CHAT, true, text, 3))).toEqual(expected);
  });
});
