// A loopback stand-in for model providers: speaks OpenAI Chat Completions SSE (/v1/chat/completions)
// and Anthropic Messages SSE (/v1/messages) so the real provider packages run against it.
// No dependencies and only erasable TypeScript: `node e2e/support/fake-provider.ts` runs it directly.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";

export interface ScriptedToolCall {
  name: string;
  args: Record<string, unknown>;
}

export interface ScriptedReply {
  text?: string;
  reasoning?: string;
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
  reset(): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function lastUserText(body: any): string {
  const msgs: any[] = body?.messages ?? [];
  for (let i = msgs.length - 1; i >= 0; i--) {
    const m = msgs[i];
    if (m.role !== "user") continue;
    if (typeof m.content === "string") return m.content;
    if (Array.isArray(m.content)) return m.content.filter((p: any) => p.type === "text").map((p: any) => p.text).join(" ");
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
  const bench = text.match(/\[bench:(\d+):(\d+)\]/); // tokens per second, token count
  if (bench) return { text: "tok ".repeat(Number(bench[2])), chunkSize: 4, tokenDelayMs: 1000 / Number(bench[1]), stampTokens: true };
  const tool = text.match(/\[tool:([a-z_]+)\s*(\{.*\})?\]/);
  if (tool) return { toolCalls: [{ name: tool[1]!, args: tool[2] ? JSON.parse(tool[2]) : {} }] };
  if (/\[error\]/.test(text)) return { text: "Partial answer before the failure", failAfterChunks: 3, chunkSize: 8 };
  if (/\[http500\]/.test(text)) return { httpError: 500 };
  const long = /\[long\]/.test(text) ? " " + "This is a long streaming reply that keeps going. ".repeat(40) : "";
  return { text: `You said: ${text.replace(/\[(slow|long)\]/g, "").trim()}${long}`, tokenDelayMs: slow || (long ? 25 : 0) };
}

function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

async function openAIStream(res: ServerResponse, body: any, reply: ScriptedReply) {
  const model = body.model ?? "fake";
  const base = { id: "chatcmpl-fake", object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model };
  const send = (choice: any, extra: any = {}) => res.write(`data: ${JSON.stringify({ ...base, choices: choice ? [choice] : [], ...extra })}\n\n`);
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
  send({ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null });
  const pieces = chunks(reply.text ?? "", reply.chunkSize ?? 4);
  for (let i = 0; i < pieces.length; i++) {
    if (reply.failAfterChunks !== undefined && i >= reply.failAfterChunks) {
      await sleep(30); // let what was sent reach the client, then the provider dies mid-stream
      res.destroy();
      return;
    }
    send({ index: 0, delta: { content: reply.stampTokens ? `@${(performance.timeOrigin + performance.now()).toFixed(3)} ` : pieces[i] }, finish_reason: null });
    if (reply.tokenDelayMs) await sleep(reply.tokenDelayMs);
  }
  (reply.toolCalls ?? []).forEach((call, index) => {
    const id = `call_${Date.now().toString(36)}_${index}`;
    send({ index: 0, delta: { tool_calls: [{ index, id, type: "function", function: { name: call.name, arguments: "" } }] }, finish_reason: null });
    send({ index: 0, delta: { tool_calls: [{ index, function: { arguments: JSON.stringify(call.args) } }] }, finish_reason: null });
  });
  send({ index: 0, delta: {}, finish_reason: reply.toolCalls?.length ? "tool_calls" : "stop" });
  send(null, { usage: { prompt_tokens: 12, completion_tokens: Math.max(1, pieces.length), total_tokens: 12 + pieces.length } });
  res.end("data: [DONE]\n\n");
}

async function anthropicStream(res: ServerResponse, body: any, reply: ScriptedReply) {
  const event = (type: string, data: any) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  event("message_start", {
    message: { id: "msg_fake", type: "message", role: "assistant", model: body.model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 12, output_tokens: 1 } },
  });
  let index = 0;
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
    event("content_block_start", { index, content_block: { type: "tool_use", id: `toolu_${index}`, name: call.name, input: {} } });
    event("content_block_delta", { index, delta: { type: "input_json_delta", partial_json: JSON.stringify(call.args) } });
    event("content_block_stop", { index });
    index++;
  }
  event("message_delta", { delta: { stop_reason: reply.toolCalls?.length ? "tool_use" : "end_turn", stop_sequence: null }, usage: { output_tokens: Math.max(1, pieces.length) } });
  event("message_stop", {});
  res.end();
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

export async function startFakeProvider(port = 0): Promise<FakeProvider> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = (req.url ?? "").split("?")[0]!;
    requests.push({ path, body, headers: req.headers });
    const reply = queue.shift() ?? replyFor(body);
    if (reply.httpError) {
      res.writeHead(reply.httpError, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "The fake provider failed on purpose", type: "server_error" } }));
      return;
    }
    if (path.endsWith("/chat/completions")) return openAIStream(res, body, reply);
    if (path.endsWith("/messages")) return anthropicStream(res, body, reply);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    requests,
    enqueue: (...r) => queue.push(...r),
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeProvider(Number(process.env.FAKE_PROVIDER_PORT ?? 0));
  console.log(`fake provider listening on ${fake.url}`);
}
