// OpenAI's Chat Completions streams (`chat.completion.chunk` lines) as the fast path's tests (decision 116) and
// the step loop's lane test (decision 139) feed them.
export const head = { id: "chatcmpl-1", object: "chat.completion.chunk", created: 1700000000, model: "gpt-4.1-mini" };
export const chunk = (
  delta: Record<string, unknown>,
  finish: string | null = null,
  extra: Record<string, unknown> = {},
) =>
  `data: ${JSON.stringify({ ...head, system_fingerprint: "fp", choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }], ...extra })}\n\n`;
export const usage = `data: ${JSON.stringify({ ...head, choices: [], usage: { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 } })}\n\n`;
export const done = "data: [DONE]\n\n";
export const words = (n: number) => Array.from({ length: n }, (_, i) => chunk({ content: `w${i + 1} ` })).join("");

export const CASES: Record<string, string> = {
  "a text reply (OpenAI's own shape)":
    chunk({ role: "assistant", content: "", refusal: null }) + words(6) + chunk({}, "stop") + usage + done,
  "tool calls": [
    chunk({ role: "assistant", content: null }),
    chunk({ tool_calls: [{ index: 0, id: "call_1", type: "function", function: { name: "lookup", arguments: "" } }] }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: '{"q":' } }] }),
    chunk({ tool_calls: [{ index: 0, function: { arguments: '"x"}' } }] }),
    chunk({ tool_calls: [{ index: 1, id: "call_2", type: "function", function: { name: "other", arguments: "{}" } }] }),
    chunk({}, "tool_calls"),
    usage,
    done,
  ].join(""),
  "text, then a tool call": [
    chunk({ role: "assistant", content: "" }),
    words(3),
    chunk({
      tool_calls: [{ index: 0, id: "call_9", type: "function", function: { name: "lookup", arguments: "{}" } }],
    }),
    words(2),
    chunk({}, "tool_calls"),
    usage,
    done,
  ].join(""),
  "an error event after some text":
    chunk({ role: "assistant", content: "" }) +
    words(3) +
    `data: ${JSON.stringify({ error: { message: "The server had an error", type: "server_error", code: null } })}\n\n` +
    words(1),
  "a refusal":
    chunk({ role: "assistant", content: "" }) + words(2) + chunk({ refusal: "I can't" }) + chunk({}, "stop") + done,
  "malformed JSON and an unknown shape mid-stream":
    chunk({ role: "assistant", content: "" }) +
    words(2) +
    "data: {not json\n\n" +
    `data: ${JSON.stringify({ ...head, choices: [{ delta: { content: "no index" } }] })}\n\n` +
    words(2) +
    chunk({}, "length") +
    done,
  "logprobs and usage on a text chunk":
    chunk({ role: "assistant", content: "" }) +
    words(2) +
    chunk({ content: "p" }, null, {
      choices: [
        {
          index: 0,
          delta: { content: "p" },
          logprobs: { content: [{ token: "p", logprob: -0.1, top_logprobs: [] }] },
          finish_reason: null,
        },
      ],
    }) +
    chunk({ content: "u" }, null, { usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } }) +
    words(1) +
    chunk({}, "stop") +
    done,
  "comments, event names and ids": `: keep-alive\n\n${chunk({ role: "assistant", content: "a" })}event: message\n${words(1)}id: 7\n${words(1)}${chunk({}, "stop")}${done}`,
  "CRLF line ends": (chunk({ role: "assistant", content: "" }) + words(3) + chunk({}, "stop") + usage + done).replace(
    /\n/g,
    "\r\n",
  ),
  "no metadata fields": [
    `data: {"choices":[{"index":0,"delta":{"role":"assistant","content":""}}]}\n\n`,
    `data: {"choices":[{"index":0,"delta":{"content":"a"}}]}\n\n`,
    `data: {"choices":[{"index":0,"delta":{"content":"b"}}]}\n\n`,
    `data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n`,
  ].join(""),
  "a body that ends without its last blank line": chunk({ role: "assistant", content: "" }) + words(3) + "data: [DONE]",
  // OpenAI's wire today: service_tier and obfuscation on every chunk, a usage chunk with details the package's
  // schema does not know (audio_tokens: dropped by its parse, so not in the usage's raw).
  "OpenAI's current fields, usage with details": [
    chunk({ role: "assistant", content: "", refusal: null }, null, { service_tier: "default", obfuscation: "Xk" }),
    chunk({ content: "Hel" }, null, { service_tier: "default", obfuscation: "a1b2" }),
    chunk({ content: "lo" }, null, { service_tier: "default", obfuscation: "c" }),
    chunk({}, "stop", { service_tier: "default", obfuscation: "dd" }),
    `data: ${JSON.stringify({
      ...head,
      service_tier: "default",
      choices: [],
      usage: {
        prompt_tokens: 19,
        completion_tokens: 2,
        total_tokens: 21,
        prompt_tokens_details: { cached_tokens: 3, audio_tokens: 0 },
        completion_tokens_details: {
          reasoning_tokens: 0,
          audio_tokens: 0,
          accepted_prediction_tokens: 1,
          rejected_prediction_tokens: 0,
        },
      },
      obfuscation: "e",
    })}\n\n`,
    done,
  ].join(""),
  "a text reply without a usage chunk, cut before [DONE]":
    chunk({ role: "assistant", content: "" }) + words(4) + chunk({}, "length"),
  "an escaped character, a `constructor` key and created 0 mid-reply": [
    chunk({ role: "assistant", content: "" }),
    words(2),
    chunk({ content: "a" }).replace('"a"', '"\\u003c"'),
    `data: ${JSON.stringify({ id: "chatcmpl-1", created: 0, model: "", choices: [{ index: 0, delta: { content: "z" }, constructor: 1 }] })}\n\n`,
    words(2),
    chunk({}, "stop"),
    usage,
    done,
  ].join(""),
  "usage of the wrong type":
    chunk({ role: "assistant", content: "" }) +
    words(2) +
    chunk({}, "stop") +
    `data: ${JSON.stringify({ ...head, choices: [], usage: { prompt_tokens: "9", completion_tokens: 3 } })}\n\n` +
    done,
  "a reply that is only a role chunk and a finish":
    chunk({ role: "assistant", content: null }) + chunk({}, "stop") + usage + done,
};
