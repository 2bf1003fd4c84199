// A loopback stand-in for model providers: speaks OpenAI Chat Completions SSE (/v1/chat/completions,
// and its non-streaming JSON form, with structured output for response_format json_schema), OpenAI's
// and Azure's embeddings (POST …/embeddings: data[].embedding, usage) with deterministic vectors, and
// Anthropic Messages SSE (/v1/messages) so the real provider packages run against it.
// No dependencies and only erasable TypeScript: `node e2e/support/fake-provider.ts` runs it directly.
// Like the real APIs it refuses, before streaming (src/server/ai/fake-provider.test.ts proves each):
// - OpenAI: no Bearer key (401), no model, empty messages, max_tokens/max_completion_tokens below 1,
//   a tool name outside ^[a-zA-Z0-9_-]{1,64}$ or parameters that are not an object schema (400);
// - Anthropic: no x-api-key (401), no anthropic-version header, max_tokens missing or below 1, a custom
//   tool name outside ^[a-zA-Z0-9_-]{1,128}$ or an input_schema that is not an object (400);
// each in its API's own error body. Anthropic replies can carry thinking (with signature_delta) and
// redacted_thinking blocks as the Messages API streams them. It also answers OpenAI's and Azure's
// embeddings call (/embeddings, float or base64) with deterministic vectors (fakeEmbedding).
// The list-models calls that check a key when it is saved (GET /v1/models for OpenAI, xAI and Anthropic,
// /v1beta/models for Google, /openai/models for Azure) answer in each API's shape; a key containing
// FAKE_REJECTED_KEY is refused there (and by chat) with the API's own 401 (Google: 400 API_KEY_INVALID),
// one containing FAKE_UNAVAILABLE_KEY gets a 503 from the list-models call.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export interface ScriptedToolCall {
  name: string;
  args: Record<string, unknown>;
}

export interface ScriptedReply {
  text?: string;
  /** Anthropic only: a thinking block (thinking_delta pieces, then its signature_delta) before the text. */
  reasoning?: string;
  /** Anthropic only: a redacted_thinking block carrying this opaque data. */
  redactedReasoning?: string;
  toolCalls?: ScriptedToolCall[];
  /** Milliseconds between text chunks. */
  tokenDelayMs?: number;
  /** Send this many text chunks, then fail the stream. */
  failAfterChunks?: number;
  /** Answer with this HTTP status and error body instead of a stream. */
  httpError?: number;
  chunkSize?: number;
  /** Benches: each text chunk is the time it was sent ("@<epoch ms> "), so a client can tell each token's delay. */
  stampTokens?: boolean;
  /** Benches, Chat Completions only: the text chunks go as `reasoning_content`, as vLLM streams thinking. */
  benchReasoning?: boolean;
}

export interface RecordedRequest {
  path: string;
  body: any;
  headers: Record<string, string | string[] | undefined>;
}

export interface FakeProvider {
  url: string;
  port: number;
  requests: RecordedRequest[];
  enqueue(...replies: ScriptedReply[]): void;
  /** The next embeddings requests fail with these HTTP statuses (429 carries Retry-After: 0), in order. */
  failEmbeddings(...statuses: number[]): void;
  /** Every embeddings answer waits this long (tests that kill a server mid-ingestion). */
  delayEmbeddings(ms: number): void;
  reset(): void;
  close(): Promise<void>;
}

/** A key the stand-in refuses, as the real APIs refuse a wrong or revoked key. */
export const FAKE_REJECTED_KEY = "rejected";
/** A key whose list-models call fails with 503, as during a provider outage. */
export const FAKE_UNAVAILABLE_KEY = "unavailable";

/** The signature_delta a thinking block ends with (opaque base64 in the real API). */
export const FAKE_SIGNATURE = "EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function lastUserText(body: any): string {
  const msgs: any[] = body?.messages ?? [];
  for (let i = msgs.length - 1; i >= 0; i--) {
    const m = msgs[i];
    if (m.role !== "user") continue;
    if (typeof m.content === "string") return m.content;
    if (Array.isArray(m.content))
      return m.content
        .filter((p: any) => p.type === "text")
        .map((p: any) => p.text)
        .join(" ");
  }
  return "";
}

function lastIsToolResult(body: any): boolean {
  const msgs: any[] = body?.messages ?? [];
  const last = msgs[msgs.length - 1];
  if (!last) return false;
  if (last.role === "tool") return true;
  return Array.isArray(last.content) && last.content.some((p: any) => p.type === "tool_result");
}

/** Replies chosen from the prompt when nothing is queued: a tool call for "[tool:name {json}]", etc. */
export function replyFor(body: any): ScriptedReply {
  const text = lastUserText(body);
  const slow = /\[slow\]/.test(text) ? 40 : 0;
  if (lastIsToolResult(body)) return { text: "The tool finished. Here is the summary.", tokenDelayMs: slow };
  const bench = text.match(/\[bench:(\d+):(\d+)(:reasoning)?\]/); // tokens per second, token count
  if (bench)
    return {
      text: "tok ".repeat(Number(bench[2])),
      chunkSize: 4,
      tokenDelayMs: 1000 / Number(bench[1]),
      stampTokens: true,
      benchReasoning: !!bench[3],
    };
  const tool = text.match(/\[tool:([a-z_]+)\s*(\{.*\})?\]/);
  if (tool) return { toolCalls: [{ name: tool[1]!, args: tool[2] ? JSON.parse(tool[2]) : {} }] };
  if (/\[error\]/.test(text)) return { text: "Partial answer before the failure", failAfterChunks: 3, chunkSize: 8 };
  const http = text.match(/\[http(401|404|429|500|529)\]/);
  if (http) return { httpError: Number(http[1]) };
  const long = /\[long\]/.test(text) ? " " + "This is a long streaming reply that keeps going. ".repeat(40) : "";
  return {
    text: `You said: ${text.replace(/\[(slow|long)\]/g, "").trim()}${long}`,
    tokenDelayMs: slow || (long ? 25 : 0),
  };
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

async function openAIStream(res: ServerResponse, body: any, reply: ScriptedReply) {
  const model = body.model ?? "fake";
  const base = { id: "chatcmpl-fake", object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model };
  const send = (choice: any, extra: any = {}) =>
    res.write(`data: ${JSON.stringify({ ...base, choices: choice ? [choice] : [], ...extra })}\n\n`);
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  send({ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null });
  const pieces = chunks(reply.text ?? "", reply.chunkSize ?? 4);
  for (let i = 0; i < pieces.length; i++) {
    if (reply.failAfterChunks !== undefined && i >= reply.failAfterChunks) {
      await sleep(30); // let what was sent reach the client, then the provider dies mid-stream
      res.destroy();
      return;
    }
    const piece = reply.stampTokens ? `@${(performance.timeOrigin + performance.now()).toFixed(3)} ` : pieces[i];
    send({
      index: 0,
      delta: reply.benchReasoning ? { reasoning_content: piece } : { content: piece },
      finish_reason: null,
    });
    if (reply.tokenDelayMs) await sleep(reply.tokenDelayMs);
  }
  (reply.toolCalls ?? []).forEach((call, index) => {
    const id = `call_${Date.now().toString(36)}_${index}`;
    send({
      index: 0,
      delta: { tool_calls: [{ index, id, type: "function", function: { name: call.name, arguments: "" } }] },
      finish_reason: null,
    });
    send({
      index: 0,
      delta: { tool_calls: [{ index, function: { arguments: JSON.stringify(call.args) } }] },
      finish_reason: null,
    });
  });
  send({ index: 0, delta: {}, finish_reason: reply.toolCalls?.length ? "tool_calls" : "stop" });
  send(null, {
    usage: { prompt_tokens: 12, completion_tokens: Math.max(1, pieces.length), total_tokens: 12 + pieces.length },
  });
  res.end("data: [DONE]\n\n");
}

async function anthropicStream(res: ServerResponse, body: any, reply: ScriptedReply) {
  const event = (type: string, data: any) =>
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  event("message_start", {
    message: {
      id: "msg_fake",
      type: "message",
      role: "assistant",
      model: body.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 12, output_tokens: 1 },
    },
  });
  event("ping", {});
  let index = 0;
  if (reply.reasoning) {
    // As the Messages API streams extended thinking: deltas, then the block's signature, then stop.
    event("content_block_start", { index, content_block: { type: "thinking", thinking: "", signature: "" } });
    for (const piece of chunks(reply.reasoning, reply.chunkSize ?? 4))
      event("content_block_delta", { index, delta: { type: "thinking_delta", thinking: piece } });
    event("content_block_delta", { index, delta: { type: "signature_delta", signature: FAKE_SIGNATURE } });
    event("content_block_stop", { index });
    index++;
  }
  if (reply.redactedReasoning) {
    // A redacted block arrives whole on its content_block_start, with no deltas.
    event("content_block_start", {
      index,
      content_block: { type: "redacted_thinking", data: reply.redactedReasoning },
    });
    event("content_block_stop", { index });
    index++;
  }
  const pieces = chunks(reply.text ?? "", reply.chunkSize ?? 4);
  if (pieces.length) {
    event("content_block_start", { index, content_block: { type: "text", text: "" } });
    for (let i = 0; i < pieces.length; i++) {
      if (reply.failAfterChunks !== undefined && i >= reply.failAfterChunks) {
        await sleep(30);
        res.destroy();
        return;
      }
      event("content_block_delta", { index, delta: { type: "text_delta", text: pieces[i] } });
      if (reply.tokenDelayMs) await sleep(reply.tokenDelayMs);
    }
    event("content_block_stop", { index });
    index++;
  }
  for (const call of reply.toolCalls ?? []) {
    event("content_block_start", {
      index,
      content_block: { type: "tool_use", id: `toolu_${index}`, name: call.name, input: {} },
    });
    event("content_block_delta", {
      index,
      delta: { type: "input_json_delta", partial_json: JSON.stringify(call.args) },
    });
    event("content_block_stop", { index });
    index++;
  }
  event("message_delta", {
    delta: { stop_reason: reply.toolCalls?.length ? "tool_use" : "end_turn", stop_sequence: null },
    usage: { output_tokens: Math.max(1, pieces.length) },
  });
  event("message_stop", {});
  res.end();
}

// What the real APIs refuse before generating anything, with their own status codes and texts, so a
// client bug (no key, a bad token limit, a malformed tool schema) fails here as it would in production.
export interface Refusal {
  status: number;
  type: string;
  message: string;
  param?: string;
  code?: string;
}

const isPositiveInt = (v: unknown) => Number.isInteger(v) && (v as number) >= 1;

function refuseOpenAI(req: IncomingMessage, body: any, keyless = false): Refusal | undefined {
  const bearer = /^Bearer\s+(\S+)/.exec(String(req.headers.authorization ?? ""))?.[1];
  if (!bearer && !keyless) {
    return {
      status: 401,
      type: "invalid_request_error",
      message:
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
    };
  }
  if (bearer?.includes(FAKE_REJECTED_KEY)) return openAIBadKey(bearer);
  if (!body?.model)
    return { status: 400, type: "invalid_request_error", message: "you must provide a model parameter" };
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    return {
      status: 400,
      type: "invalid_request_error",
      message: "[] is too short - 'messages'",
      param: "messages",
      code: "empty_array",
    };
  }
  for (const field of ["max_tokens", "max_completion_tokens"]) {
    if (body[field] !== undefined && !isPositiveInt(body[field])) {
      return {
        status: 400,
        type: "invalid_request_error",
        message: `Invalid '${field}': integer below minimum value. Expected a value >= 1, but got ${JSON.stringify(body[field])} instead.`,
        param: field,
        code: "integer_below_min_value",
      };
    }
  }
  for (const [i, tool] of (Array.isArray(body.tools) ? body.tools : []).entries()) {
    const name = tool?.function?.name;
    if (typeof name !== "string" || !/^[a-zA-Z0-9_-]{1,64}$/.test(name)) {
      return {
        status: 400,
        type: "invalid_request_error",
        message: `Invalid 'tools[${i}].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
        param: `tools[${i}].function.name`,
        code: "invalid_value",
      };
    }
    const params = tool.function.parameters;
    if (params !== undefined && params?.type !== "object") {
      return {
        status: 400,
        type: "invalid_request_error",
        message: `Invalid schema for function '${name}': schema must be a JSON Schema of 'type: "object"', got 'type: "${params?.type ?? "None"}"'.`,
        param: `tools[${i}].function.parameters`,
        code: "invalid_function_parameters",
      };
    }
  }
  return undefined;
}

function refuseAnthropic(req: IncomingMessage, body: any): Refusal | undefined {
  if (!req.headers["x-api-key"])
    return { status: 401, type: "authentication_error", message: "x-api-key header is required" };
  if (String(req.headers["x-api-key"]).includes(FAKE_REJECTED_KEY))
    return { status: 401, type: "authentication_error", message: "invalid x-api-key" };
  if (!req.headers["anthropic-version"])
    return { status: 400, type: "invalid_request_error", message: "anthropic-version: header is required" };
  if (body?.max_tokens === undefined)
    return { status: 400, type: "invalid_request_error", message: "max_tokens: Field required" };
  if (!isPositiveInt(body.max_tokens))
    return {
      status: 400,
      type: "invalid_request_error",
      message: "max_tokens: Input should be greater than or equal to 1",
    };
  for (const [i, tool] of (Array.isArray(body.tools) ? body.tools : []).entries()) {
    if (tool?.type && tool.type !== "custom") continue; // server tools (web_search …) have no input schema
    if (typeof tool?.name !== "string" || !/^[a-zA-Z0-9_-]{1,128}$/.test(tool.name)) {
      return {
        status: 400,
        type: "invalid_request_error",
        message: `tools.${i}.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`,
      };
    }
    if (tool.input_schema?.type !== "object") {
      return {
        status: 400,
        type: "invalid_request_error",
        message: `tools.${i}.custom.input_schema.type: Input should be 'object'`,
      };
    }
  }
  return undefined;
}

/** Each API's own error body: OpenAI `{error:{message,type,param,code}}`, Anthropic `{type:"error",error:{type,message}}`. */
/** The error bodies OpenAI and Anthropic send for a bad key, an unknown model, quota/rate limits and outages. */
function scriptedFailure(api: "openai" | "anthropic", status: number, model: unknown): Refusal {
  const name = String(model ?? "");
  if (api === "anthropic") {
    const byStatus: Record<number, [string, string]> = {
      401: ["authentication_error", "invalid x-api-key"],
      404: ["not_found_error", `model: ${name}`],
      429: ["rate_limit_error", "Number of request tokens has exceeded your per-minute rate limit"],
      529: ["overloaded_error", "Overloaded"],
    };
    const [type, message] = byStatus[status] ?? ["api_error", "The fake provider failed on purpose"];
    return { status, type, message };
  }
  const byStatus: Record<number, Omit<Refusal, "status">> = {
    401: {
      type: "invalid_request_error",
      code: "invalid_api_key",
      message:
        "Incorrect API key provided: sk-test-***123. You can find your API key at https://platform.openai.com/account/api-keys.",
    },
    404: {
      type: "invalid_request_error",
      code: "model_not_found",
      message: `The model \`${name}\` does not exist or you do not have access to it.`,
    },
    429: {
      type: "insufficient_quota",
      code: "insufficient_quota",
      message:
        "You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.",
    },
  };
  return { status, ...(byStatus[status] ?? { type: "server_error", message: "The fake provider failed on purpose" }) };
}

function sendError(res: ServerResponse, api: "openai" | "anthropic", r: Refusal) {
  const body =
    api === "anthropic"
      ? { type: "error", error: { type: r.type, message: r.message } }
      : { error: { message: r.message, type: r.type, param: r.param ?? null, code: r.code ?? null } };
  res.writeHead(r.status, {
    "content-type": "application/json",
    ...(api === "anthropic" ? { "request-id": "req_fake" } : {}),
  });
  res.end(JSON.stringify(body));
}

// Deterministic stand-in embeddings (the fake's /embeddings, the KB tests and benches): the hashing
// trick over lower-cased words (weight 1) and their character trigrams (weight 0.5), L2-normalised.
// Texts that share words or word pieces point the same way, so a vector search has a real, weak signal.

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function fakeEmbedding(text: string, dims: number): number[] {
  const v = new Float64Array(dims);
  const add = (feature: string, weight: number) => {
    const h = fnv1a(feature);
    v[h % dims]! += (h & 0x80000000 ? -1 : 1) * weight;
  };
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    add(`w:${word}`, 1);
    const padded = `#${word}#`;
    for (let i = 0; i + 3 <= padded.length; i++) add(`t:${padded.slice(i, i + 3)}`, 0.5);
  }
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  // An empty text still gets a unit vector (the real APIs never return zeros).
  if (norm === 0) return Array.from({ length: dims }, (_, i) => (i === 0 ? 1 : 0));
  return Array.from(v, (x) => Math.round((x / norm) * 1e6) / 1e6);
}

/** OpenAI's (and Azure's) embeddings response: 1536 dimensions, 3072 for *-3-large, or `dimensions`; float or base64. */
function embeddingsResponse(body: any) {
  const inputs: string[] = Array.isArray(body?.input) ? body.input : [body?.input];
  const model = String(body?.model ?? "text-embedding-3-small");
  const dims = Number(body?.dimensions) || (model.includes("3-large") ? 3072 : 1536);
  const data = inputs.map((text, index) => {
    const v = fakeEmbedding(text, dims);
    const embedding =
      body?.encoding_format === "base64" ? Buffer.from(new Float32Array(v).buffer).toString("base64") : v;
    return { object: "embedding", index, embedding };
  });
  const tokens = inputs.reduce((n, t) => n + Math.ceil(t.length / 4), 0);
  return { object: "list", data, model, usage: { prompt_tokens: tokens, total_tokens: tokens } };
}

function readBody(req: IncomingMessage): Promise<any> {
  return new Promise((resolve) => {
    const parts: Buffer[] = [];
    req.on("data", (c) => parts.push(c));
    req.on("end", () => {
      try {
        resolve(JSON.parse(Buffer.concat(parts).toString("utf8") || "{}"));
      } catch {
        resolve({});
      }
    });
  });
}

function refuseEmbeddings(req: IncomingMessage, body: any): Refusal | undefined {
  const bearer = /^Bearer\s+(\S+)/.exec(String(req.headers.authorization ?? ""))?.[1];
  if (!bearer && !req.headers["api-key"])
    return { status: 401, type: "invalid_request_error", message: "You didn't provide an API key." };
  const inputs = Array.isArray(body?.input) ? body.input : [body?.input];
  if (body?.input === undefined || inputs.length === 0 || inputs.some((t: unknown) => typeof t !== "string" || !t))
    return { status: 400, type: "invalid_request_error", message: "'input' is invalid", param: "input" };
  if (inputs.length > 2048)
    return {
      status: 400,
      type: "invalid_request_error",
      message: `'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.`,
    };
  return undefined;
}

/** A value of the JSON schema's shape, for structured output when no reply is scripted. */
export function valueForSchema(schema: any, name = "value"): unknown {
  const type = Array.isArray(schema?.type) ? schema.type.find((t: string) => t !== "null") : schema?.type;
  if (schema?.enum) return schema.enum[0];
  if (schema?.anyOf) return valueForSchema(schema.anyOf.find((s: any) => s.type !== "null") ?? schema.anyOf[0], name);
  switch (type) {
    case "object":
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, valueForSchema(v, k)]));
    case "array":
      return [valueForSchema(schema.items, name)];
    case "number":
    case "integer":
      return name.toLowerCase().includes("page") ? 1 : 42;
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return schema?.format === "date" ? "2026-01-01" : `Fake ${name}`;
  }
}

/** Chat Completions without streaming: one JSON body (what generateText and structured output call). */
function openAIJson(res: ServerResponse, body: any, reply: ScriptedReply) {
  const schema = body.response_format?.json_schema?.schema;
  const content = reply.text ?? (schema ? JSON.stringify(valueForSchema(schema)) : "");
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      id: "chatcmpl-fake",
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
      usage: { prompt_tokens: 12, completion_tokens: 8, total_tokens: 20 },
    }),
  );
}

function openAIBadKey(key: string): Refusal {
  const masked = `${key.slice(0, 3)}*****${key.slice(-4)}`;
  return {
    status: 401,
    type: "invalid_request_error",
    code: "invalid_api_key",
    message: `Incorrect API key provided: ${masked}. You can find your API key at https://platform.openai.com/account/api-keys.`,
  };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

/** The list-models endpoints the key check calls, by the API the path and headers name. */
function listModels(req: IncomingMessage, res: ServerResponse, path: string) {
  const url = new URL(req.url ?? "/", "http://fake");
  if (path.endsWith("/openai/models")) {
    const key = String(req.headers["api-key"] ?? "");
    if (!key || key.includes(FAKE_REJECTED_KEY))
      return json(res, 401, {
        error: {
          code: "401",
          message:
            "Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.",
        },
      });
    if (!url.searchParams.get("api-version"))
      return json(res, 404, { error: { code: "404", message: "Resource not found" } });
    if (key.includes(FAKE_UNAVAILABLE_KEY))
      return json(res, 503, { error: { code: "503", message: "Service Unavailable" } });
    return json(res, 200, {
      object: "list",
      data: [
        {
          id: "gpt-4o",
          object: "model",
          status: "succeeded",
          created_at: 1715558400,
          lifecycle_status: "generally-available",
        },
      ],
    });
  }
  if (path.includes("/v1beta/")) {
    const key = String(req.headers["x-goog-api-key"] ?? url.searchParams.get("key") ?? "");
    if (!key)
      return json(res, 403, {
        error: {
          code: 403,
          message:
            "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
          status: "PERMISSION_DENIED",
        },
      });
    if (key.includes(FAKE_REJECTED_KEY))
      return json(res, 400, {
        error: {
          code: 400,
          message: "API key not valid. Please pass a valid API key.",
          status: "INVALID_ARGUMENT",
          details: [
            {
              "@type": "type.googleapis.com/google.rpc.ErrorInfo",
              reason: "API_KEY_INVALID",
              domain: "googleapis.com",
              metadata: { service: "generativelanguage.googleapis.com" },
            },
          ],
        },
      });
    if (key.includes(FAKE_UNAVAILABLE_KEY))
      return json(res, 503, {
        error: { code: 503, message: "The service is currently unavailable.", status: "UNAVAILABLE" },
      });
    return json(res, 200, {
      models: [
        {
          name: "models/gemini-2.5-flash",
          version: "001",
          displayName: "Gemini 2.5 Flash",
          inputTokenLimit: 1048576,
          outputTokenLimit: 65536,
          supportedGenerationMethods: ["generateContent", "countTokens"],
        },
      ],
    });
  }
  if (req.headers["x-api-key"] !== undefined || req.headers["anthropic-version"] !== undefined) {
    const key = String(req.headers["x-api-key"] ?? "");
    const refusal: Refusal | undefined = !key
      ? { status: 401, type: "authentication_error", message: "x-api-key header is required" }
      : key.includes(FAKE_REJECTED_KEY)
        ? { status: 401, type: "authentication_error", message: "invalid x-api-key" }
        : !req.headers["anthropic-version"]
          ? { status: 400, type: "invalid_request_error", message: "anthropic-version: header is required" }
          : key.includes(FAKE_UNAVAILABLE_KEY)
            ? { status: 529, type: "overloaded_error", message: "Overloaded" }
            : undefined;
    if (refusal) return sendError(res, "anthropic", refusal);
    const id = "claude-sonnet-4-5";
    return json(res, 200, {
      data: [{ type: "model", id, display_name: "Claude Sonnet 4.5", created_at: "2025-09-29T00:00:00Z" }],
      has_more: false,
      first_id: id,
      last_id: id,
    });
  }
  const bearer = /^Bearer\s+(\S+)/.exec(String(req.headers.authorization ?? ""))?.[1];
  if (!bearer)
    return sendError(res, "openai", {
      status: 401,
      type: "invalid_request_error",
      message:
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
    });
  if (bearer.includes(FAKE_REJECTED_KEY)) return sendError(res, "openai", openAIBadKey(bearer));
  if (bearer.includes(FAKE_UNAVAILABLE_KEY))
    return sendError(res, "openai", {
      status: 503,
      type: "server_error",
      message: "The server is overloaded or not ready yet.",
    });
  return json(res, 200, {
    object: "list",
    data: [
      { id: "gpt-4.1", object: "model", created: 1744316542, owned_by: "system" },
      { id: "gpt-4o-mini", object: "model", created: 1721172741, owned_by: "system" },
    ],
  });
}

/** `keyless`: answer Chat Completions without a key, as Ollama or vLLM do behind an OpenAI-compatible URL. */
export async function startFakeProvider(port = 0, opts: { keyless?: boolean } = {}): Promise<FakeProvider> {
  const queue: ScriptedReply[] = [];
  const embeddingFailures: number[] = [];
  let embeddingDelayMs = Number(process.env.FAKE_EMBEDDING_DELAY_MS ?? 0);
  const requests: RecordedRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = (req.url ?? "").split("?")[0]!;
    requests.push({ path, body, headers: req.headers });
    if (req.method === "POST" && path.endsWith("/embeddings")) {
      const refusal = refuseEmbeddings(req, body);
      if (refusal) return sendError(res, "openai", refusal);
      const status = embeddingFailures.shift();
      if (status) {
        if (status === 429) res.setHeader("retry-after", "0");
        const type = status === 429 ? "rate_limit_exceeded" : "server_error";
        return sendError(res, "openai", { status, type, message: "The fake provider failed on purpose" });
      }
      if (embeddingDelayMs) await sleep(embeddingDelayMs);
      res.writeHead(200, { "content-type": "application/json" });
      return void res.end(JSON.stringify(embeddingsResponse(body)));
    }
    if (req.method === "GET" && path.endsWith("/models")) return listModels(req, res, path);
    const api = path.endsWith("/messages") ? "anthropic" : path.endsWith("/chat/completions") ? "openai" : null;
    if (!api) return void res.writeHead(404).end();
    const refusal = api === "anthropic" ? refuseAnthropic(req, body) : refuseOpenAI(req, body, opts.keyless);
    if (refusal) return sendError(res, api, refusal);
    const reply = queue.shift() ?? replyFor(body);
    if (reply.httpError) return sendError(res, api, scriptedFailure(api, reply.httpError, body.model));
    if (api === "openai" && body.stream !== true) return openAIJson(res, body, reply);
    return api === "anthropic" ? anthropicStream(res, body, reply) : openAIStream(res, body, reply);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    requests,
    enqueue: (...r) => queue.push(...r),
    failEmbeddings: (...statuses) => embeddingFailures.push(...statuses),
    delayEmbeddings: (ms) => {
      embeddingDelayMs = ms;
    },
    reset: () => {
      queue.length = 0;
      embeddingFailures.length = 0;
      requests.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeProvider(Number(process.env.FAKE_PROVIDER_PORT ?? 0));
  console.log(`fake provider listening on ${fake.url}`);
}
