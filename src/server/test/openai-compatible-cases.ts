// Real OpenAI-compatible servers' Chat Completions streams (vLLM, Ollama, LM Studio, OpenRouter, llama.cpp),
// as the fast path's tests (decision 121) and the step loop's lane test (decision 139) feed them.
export const data = (o: unknown) => `data: ${JSON.stringify(o)}\n\n`;
export const done = "data: [DONE]\n\n";

// vLLM's OpenAI server with a reasoning parser on (`reasoning_content`).
export const vllmHead = {
  id: "chatcmpl-9f1c2d",
  object: "chat.completion.chunk",
  created: 1764230000,
  model: "Qwen/Qwen3-8B",
};
export const vllm = (delta: Record<string, unknown>, finish: string | null = null) =>
  data({ ...vllmHead, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
export const vllmUsage = data({
  ...vllmHead,
  choices: [],
  usage: { prompt_tokens: 12, total_tokens: 30, completion_tokens: 18 },
});

// Ollama's /v1/chat/completions: the role on every chunk, `reasoning` for thinking models.
export const ollamaHead = {
  id: "chatcmpl-466",
  object: "chat.completion.chunk",
  created: 1764230001,
  model: "gpt-oss:20b",
  system_fingerprint: "fp_ollama",
};
export const ollama = (delta: Record<string, unknown>, finish: string | null = null) =>
  data({ ...ollamaHead, choices: [{ index: 0, delta: { role: "assistant", ...delta }, finish_reason: finish }] });

// OpenRouter: processing comments, `reasoning` + `reasoning_details`, usage with the finish reason.
export const orHead = {
  id: "gen-1764230002-AbC",
  provider: "DeepInfra",
  model: "deepseek/deepseek-r1",
  object: "chat.completion.chunk",
  created: 1764230002,
};
export const or = (delta: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}) =>
  data({
    ...orHead,
    choices: [
      {
        index: 0,
        delta: { role: "assistant", content: "", reasoning: null, reasoning_details: [], ...delta },
        finish_reason: finish,
        native_finish_reason: finish,
        logprobs: null,
      },
    ],
    ...extra,
  });

// A minimal server or proxy that sends no id, model nor created.
export const bare = (delta: Record<string, unknown>, finish: string | null = null) =>
  data({ object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }] });

export const n = (k: number, f: (w: string) => string, from = 1) =>
  Array.from({ length: k }, (_, i) => f(`w${i + from} `)).join("");

export const CASES: Record<string, string> = {
  "vLLM: reasoning, then text, usage, [DONE]": [
    vllm({ role: "assistant", content: "" }),
    n(3, (w) => vllm({ reasoning_content: w })),
    n(6, (w) => vllm({ content: w })),
    vllm({ content: "" }, "stop"),
    vllmUsage,
    done,
  ].join(""),
  "vLLM: tool calls after text": [
    vllm({ role: "assistant", content: "" }),
    n(2, (w) => vllm({ content: w })),
    vllm({
      tool_calls: [
        { id: "chatcmpl-tool-1a2b", type: "function", index: 0, function: { name: "lookup", arguments: "" } },
      ],
    }),
    vllm({ tool_calls: [{ index: 0, function: { arguments: '{"q": "x"}' } }] }),
    vllm({ content: "" }, "tool_calls"),
    vllmUsage,
    done,
  ].join(""),
  "Ollama: thinking in `reasoning`, role on every chunk": [
    n(2, (w) => ollama({ content: "", reasoning: w })),
    n(5, (w) => ollama({ content: w })),
    ollama({ content: "" }, "stop"),
    data({ ...ollamaHead, choices: [], usage: { prompt_tokens: 70, completion_tokens: 9, total_tokens: 79 } }),
    done,
  ].join(""),
  "reasoning again between text (text part closed and reopened)": [
    vllm({ role: "assistant", content: "" }),
    n(3, (w) => vllm({ content: w })),
    vllm({ reasoning_content: "hmm" }),
    n(3, (w) => vllm({ content: w }), 4),
    vllm({ content: [{ type: "thinking", thinking: [{ type: "text", text: "more" }] }] }),
    n(2, (w) => vllm({ content: w }), 7),
    vllm({ reasoning_content: "both", content: "w9 " }),
    n(2, (w) => vllm({ content: w }), 10),
    vllm({}, "stop"),
    done,
  ].join(""),
  "OpenRouter: comments, refusal false, usage with the finish reason": [
    ": OPENROUTER PROCESSING\n\n",
    n(4, (w) =>
      or({ reasoning: w, reasoning_details: [{ type: "reasoning.text", text: w, format: "unknown", index: 0 }] }),
    ),
    ": OPENROUTER PROCESSING\n\n",
    n(5, (w) => or({ content: w, refusal: false })),
    or({}, "stop", {
      usage: { prompt_tokens: 10, completion_tokens: 7, total_tokens: 17, cost: 0.00002, is_byok: false },
    }),
    done,
  ].join(""),
  "reasoning closed by a tool call, reopened, then text; a refusal after reasoning": [
    vllm({ role: "assistant", content: "" }),
    n(3, (w) => vllm({ reasoning_content: w })),
    vllm({
      tool_calls: [
        { id: "chatcmpl-tool-9", type: "function", index: 0, function: { name: "lookup", arguments: "{}" } },
      ],
    }),
    n(3, (w) => vllm({ reasoning_content: w, content: null, tool_calls: [] }), 4),
    vllm({ refusal: "no" }),
    n(2, (w) => vllm({ reasoning_content: w }), 7),
    vllm({ reasoning_content: "and ", content: "both " }),
    n(2, (w) => vllm({ reasoning_content: w }), 20),
    n(2, (w) => vllm({ content: w }), 9),
    n(2, (w) => vllm({ reasoning_content: "", reasoning: w }), 11),
    vllm({}, "tool_calls"),
    vllmUsage,
    done,
  ].join(""),
  "event and id lines on a reasoning chunk between text": [
    vllm({ role: "assistant", content: "" }),
    n(3, (w) => vllm({ content: w })),
    "event: message\nid: 12\n" + vllm({ reasoning_content: "hmm" }),
    n(3, (w) => vllm({ content: w }), 4),
    vllm({}, "stop"),
    done,
  ].join(""),
  "reasoning up to the end, an error event mid-reasoning": [
    n(3, (w) => ollama({ content: "", reasoning: w })),
    data({ error: { message: "upstream timeout", type: "server_error", param: null, code: 504 } }),
    n(3, (w) => ollama({ content: "", reasoning: w }), 4),
  ].join(""),
  "OpenRouter: an error mid-stream": [
    n(3, (w) => or({ content: w })),
    data({
      ...orHead,
      error: { code: 502, message: "Provider returned error" },
      choices: [{ index: 0, delta: { content: "" }, finish_reason: "error" }],
    }),
  ].join(""),
  "no id, model nor created; no finish reason (stream ends early)": [
    bare({ role: "assistant", content: "" }),
    n(5, (w) => bare({ content: w })),
  ].join(""),
  "the metadata only from the second text chunk on": [
    bare({ role: "assistant", content: "w0 " }),
    n(3, (w) => vllm({ content: w })),
    vllm({}, "stop"),
    done,
  ].join(""),
  'a placeholder first chunk (created 0, empty id), role "", tool_calls []': [
    data({ id: "", object: "chat.completion.chunk", created: 0, model: "", choices: [] }),
    data({
      id: "cmpl-7",
      object: "chat.completion.chunk",
      created: 1764230003,
      model: "m",
      choices: [{ index: 0, delta: { role: "", content: "a" } }],
    }),
    n(4, (w) =>
      data({
        id: "cmpl-7",
        object: "chat.completion.chunk",
        created: 1764230003,
        model: "m",
        choices: [{ index: 0, delta: { content: w, tool_calls: [] } }],
      }),
    ),
    data({
      id: "cmpl-7",
      object: "chat.completion.chunk",
      created: 1764230003,
      model: "m",
      choices: [{ index: 0, delta: {}, finish_reason: "length" }],
    }),
    done,
  ].join(""),
  "llama.cpp: logprobs, timings, a refusal, usage on a text chunk, malformed JSON": [
    data({
      choices: [{ finish_reason: null, index: 0, delta: { role: "assistant", content: null } }],
      created: 1764230004,
      id: "chatcmpl-Kq",
      model: "gemma-3-4b",
      system_fingerprint: "b6000",
      object: "chat.completion.chunk",
    }),
    n(3, (w) =>
      data({
        choices: [
          {
            finish_reason: null,
            index: 0,
            delta: { content: w },
            logprobs: { content: [{ id: 1, token: w, logprob: -0.5, bytes: [119], top_logprobs: [] }] },
          },
        ],
        created: 1764230004,
        id: "chatcmpl-Kq",
        model: "gemma-3-4b",
        object: "chat.completion.chunk",
      }),
    ),
    vllm({ refusal: "no" }),
    data({
      ...vllmHead,
      choices: [{ index: 0, delta: { content: "u" } }],
      usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 },
    }),
    'data: {"choices":[{"delta":{"content":"x"\n\n',
    data({ ...vllmHead, choices: [{ index: "0", delta: { content: "bad index type is ignored" } }] }),
    data({ ...vllmHead, choices: [{ index: 0, delta: { content: 5 } }] }),
    n(2, (w) => vllm({ content: w }), 4),
    data({
      choices: [{ finish_reason: "stop", index: 0, delta: {} }],
      created: 1764230004,
      id: "chatcmpl-Kq",
      model: "gemma-3-4b",
      object: "chat.completion.chunk",
      usage: { completion_tokens: 8, prompt_tokens: 5, total_tokens: 13 },
      timings: { prompt_n: 5, predicted_n: 8 },
    }),
    done,
  ].join(""),
  "an error event before any output": data({
    error: { message: "model 'qwen3-8b' not found", type: "api_error", param: null, code: null },
  }),
  "CRLF line ends": (
    vllm({ role: "assistant", content: "" }) +
    n(4, (w) => vllm({ content: w })) +
    vllm({}, "stop") +
    vllmUsage +
    done
  ).replace(/\n/g, "\r\n"),
  "a body cut before its last blank line":
    vllm({ role: "assistant", content: "" }) + n(3, (w) => vllm({ content: w })) + "data: [DONE]",
};
