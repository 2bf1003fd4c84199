// POST /api/chat end to end against a loopback fake provider speaking OpenAI's and Anthropic's real
// wire formats, so the real provider packages run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseDataStreamPart } from "@ai-sdk/ui-utils";
import { randomUUID } from "node:crypto";
import { FAKE_SIGNATURE, startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { getTestContext, type TestContext } from "../test/context";
import { addMember, call, setActive, signUp, type Identity } from "../test/http";
import { connectOpenAI, createAgent } from "../test/seed";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { db } from "../db/client";
import { conversationTitle } from "../../shared/conversations/title";
import { chatStream, chatStreamChunk, conversation, message } from "../db/tables";
import { recoverInterruptedReplies, INTERRUPTED_TEXT } from "./recover";

let ctx: TestContext;
let f: TenancyFixture;
let fake: FakeProvider;
let agentId: number;

beforeAll(async () => {
  fake = await startFakeProvider();
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  process.env.ANTHROPIC_BASE_URL = `${fake.url}/v1`;
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  await connectOpenAI(ctx.app, f.a.admin, f.a.id);
  agentId = (
    await createAgent(ctx.app, f.a.admin, f.a.id, {
      name: "Chatty",
      systemPrompt: "Today is {{current_date}}. You help {{user.name}} <{{user.email}}> at {{org.name}} ({{org.id}}).",
    })
  ).id;
});
afterAll(async () => fake?.close());

const userMsg = (content: string, id: string = randomUUID()) => ({
  id,
  role: "user",
  content,
  parts: [{ type: "text", text: content }],
});

async function chat(
  who: Identity,
  content: string,
  opts: { threadId?: string | null; agent?: number; extra?: Record<string, unknown>; msgId?: string } = {},
) {
  const res = await ctx.app.request(`/api/chat?orgId=${f.a.id}`, {
    method: "POST",
    headers: { authorization: `Bearer ${who.token}`, "content-type": "application/json" },
    body: JSON.stringify({
      agentId: opts.agent ?? agentId,
      threadId: opts.threadId ?? null,
      timezone: "UTC",
      messages: [userMsg(content, opts.msgId)],
      ...opts.extra,
    }),
  });
  return {
    res,
    text: res.status === 200 ? await res.text() : await res.text(),
    threadId: res.headers.get("x-thread-id"),
  };
}

const lines = (text: string) => text.split("\n").filter(Boolean);
const parsed = (text: string) => lines(text).map((l) => parseDataStreamPart(l));

describe("POST /api/chat", () => {
  it("[API-17] [API-09] [API-10] [STREAM-29] [CONV-17] [CONV-18] streams the reply in the line protocol, with X-Thread-ID for a new thread", async () => {
    const { res, text, threadId } = await chat(f.a.member, "hello there");
    expect(res.status).toBe(200);
    expect(threadId).toMatch(/^[0-9a-f-]{36}$/);
    const parts = parsed(text); // every line parses back
    expect(parts.map((p) => p.type)).toEqual(
      expect.arrayContaining(["start_step", "text", "finish_step", "finish_message"]),
    );
    expect(
      parts
        .filter((p) => p.type === "text")
        .map((p) => p.value)
        .join(""),
    ).toBe("You said: hello there");
    const finish = parts.find((p) => p.type === "finish_message")!.value as any;
    expect(finish).toMatchObject({ finishReason: "stop", usage: { promptTokens: 12 } });

    const convo = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${threadId}`, {
      token: f.a.member.token,
    });
    expect(convo.body).toMatchObject({ threadId, agentId, isDeleted: false });
    expect(convo.body.messages.map((m: any) => [m.role, m.content])).toEqual([
      ["user", "hello there"],
      ["assistant", "You said: hello there"],
    ]);
    const list = await call(ctx.app, "GET", `/api/getConversations?orgId=${f.a.id}`, { token: f.a.member.token });
    expect(list.body.conversations[0]).toMatchObject({
      id: threadId,
      firstMessageText: "hello there",
      agentName: "Chatty",
    });
  });

  it("[AGENT-30] sends the instructions with the template variables filled in", async () => {
    fake.reset();
    await chat(f.a.member, "vars please");
    const system = fake.requests[0]!.body.messages[0];
    expect(system.role).toBe("system");
    expect(system.content).toBe(
      `Today is ${new Date().toISOString().slice(0, 10)}. You help ${f.a.member.name} <${f.a.member.email}> at ${f.a.name} (${f.a.id}).`,
    );
  });

  it("continues a thread with its history, and stores the user message before the model is called", async () => {
    const first = await chat(f.a.member, "first");
    fake.reset();
    fake.enqueue({ httpError: 500 }, { httpError: 500 }); // the SDK retries once
    const second = await chat(f.a.member, "second", { threadId: first.threadId });
    expect(second.threadId).toBeNull();
    expect(parsed(second.text).some((p) => p.type === "error")).toBe(true);
    const convo = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${first.threadId}`, {
      token: f.a.member.token,
    });
    expect(convo.body.messages.map((m: any) => m.content)).toEqual(["first", "You said: first", "second", ""]);
    expect(convo.body.messages[3].status).toBe("error");
    expect(fake.requests[0]!.body.messages.filter((m: any) => m.role !== "system").map((m: any) => m.content)).toEqual([
      "first",
      "You said: first",
      "second",
    ]);
  });

  it("issue 17: an edited message replaces the one it came from and all after it; the model sees the edited history", async () => {
    const firstId = randomUUID();
    const first = await chat(f.a.member, "first", { msgId: firstId });
    await chat(f.a.member, "second", { threadId: first.threadId });
    await chat(f.a.member, "third", { threadId: first.threadId });
    const before = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${first.threadId}`, {
      token: f.a.member.token,
    });
    const secondId = before.body.messages[2].id as string;
    fake.reset();
    const edited = await chat(f.a.member, "second, edited", {
      threadId: first.threadId,
      extra: { replaceFrom: secondId },
    });
    expect(edited.res.status).toBe(200);
    const after = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${first.threadId}`, {
      token: f.a.member.token,
    });
    expect(after.body.messages.map((m: any) => m.content)).toEqual([
      "first",
      "You said: first",
      "second, edited",
      "You said: second, edited",
    ]);
    expect(fake.requests[0]!.body.messages.filter((m: any) => m.role !== "system").map((m: any) => m.content)).toEqual([
      "first",
      "You said: first",
      "second, edited",
    ]);
    // The first message, named by the client's own id, can be edited too: the thread starts over.
    await chat(f.a.member, "first, edited", { threadId: first.threadId, extra: { replaceFrom: firstId } });
    const restarted = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${first.threadId}`, {
      token: f.a.member.token,
    });
    expect(restarted.body.messages.map((m: any) => m.content)).toEqual(["first, edited", "You said: first, edited"]);
    const listed = await call(ctx.app, "GET", `/api/getConversations?orgId=${f.a.id}`, { token: f.a.member.token });
    expect(JSON.stringify(listed.body)).toContain("first, edited");
    // A message that is not in this conversation is refused, and nothing is lost.
    const missing = await chat(f.a.member, "nope", { threadId: first.threadId, extra: { replaceFrom: secondId } });
    expect(missing.res.status).toBe(404);
    expect(JSON.parse(missing.text).error).toBe("Message not found");
    const kept = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${first.threadId}`, {
      token: f.a.member.token,
    });
    expect(kept.body.messages).toHaveLength(2);
  });

  it("[STREAM] runs a two-step tool loop and stores the tool invocation with its result", async () => {
    const searcher = await createAgent(ctx.app, f.a.admin, f.a.id, {
      name: "Searcher",
      tools: { search_google: true },
    });
    const { text, threadId } = await chat(f.a.member, '[tool:search_google {"query":"switchboard"}]', {
      agent: searcher.id,
    });
    const parts = parsed(text);
    expect(parts.map((p) => p.type)).toEqual(
      expect.arrayContaining([
        "tool_call_streaming_start",
        "tool_call_delta",
        "tool_call",
        "tool_result",
        "finish_step",
        "text",
      ]),
    );
    const result = parts.find((p) => p.type === "tool_result")!.value as any;
    // No search service is configured in tests: the tool answers what the operator must set.
    expect(result.result).toEqual({
      status: "error",
      error: expect.stringMatching(/^Error searching Google: web search is not configured on this server/),
    });
    const convo = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${threadId}`, {
      token: f.a.member.token,
    });
    const assistant = convo.body.messages[1];
    expect(assistant.toolInvocations[0]).toMatchObject({
      state: "result",
      toolName: "search_google",
      args: { query: "switchboard" },
    });
    expect(assistant.content).toBe("The tool finished. Here is the summary.");
  });

  it("a provider failure mid-stream reaches the client as an error line and keeps the partial reply", async () => {
    const { text, threadId } = await chat(f.a.member, "[error]");
    const parts = parsed(text);
    expect(parts.some((p) => p.type === "error")).toBe(true);
    const [row] = await db()
      .select()
      .from(message)
      .where(eq(message.conversationId, threadId!))
      .orderBy(desc(message.seq))
      .limit(1);
    expect(row!.status).toBe("error");
    expect(row!.content).toBe("Partial answer before th");
    expect(row!.error).toBe("The connection to OpenAI broke off before the answer was complete. Try again.");
  });

  it("a provider's refusal reads as a sentence naming the provider and the fix, in the stream and stored (issue 17 #3)", async () => {
    const { text, threadId } = await chat(f.a.member, "[http401]");
    const errors = parsed(text).filter((p) => p.type === "error");
    const expected =
      "OpenAI refused the API key (HTTP 401): it is wrong, revoked or lacks access. An admin can fix this in Control Hub → Providers.";
    expect(errors.map((p) => p.value)).toEqual([expected]);
    expect(text).not.toMatch(/AI_APICallError|Failed after|Incorrect API key provided/);
    const [row] = await db()
      .select()
      .from(message)
      .where(eq(message.conversationId, threadId!))
      .orderBy(desc(message.seq))
      .limit(1);
    expect(row).toMatchObject({ status: "error", error: expected });
  });

  it("stop keeps the partial reply, marked aborted", async () => {
    const started = await ctx.app.request(`/api/chat?orgId=${f.a.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${f.a.member.token}`, "content-type": "application/json" },
      body: JSON.stringify({ agentId, threadId: null, messages: [userMsg("[long] tell me everything")] }),
    });
    const threadId = started.headers.get("x-thread-id")!;
    const reader = started.body!.getReader();
    let got = "";
    while (!got.includes('0:"')) got += new TextDecoder().decode((await reader.read()).value);
    const stop = await call(ctx.app, "DELETE", `/api/chat?orgId=${f.a.id}&chatId=${threadId}`, {
      token: f.a.member.token,
    });
    expect(stop.body).toEqual({ success: true, stopped: true });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      got += new TextDecoder().decode(value);
    }
    const [row] = await db()
      .select()
      .from(message)
      .where(eq(message.conversationId, threadId))
      .orderBy(desc(message.seq))
      .limit(1);
    expect(row!.status).toBe("aborted");
    expect(row!.content.length).toBeGreaterThan(0);
    expect(row!.content.length).toBeLessThan(500);
  });

  it("[API-18] a reply keeps going when the client leaves, and GET /api/chat resumes it without generating twice", async () => {
    fake.reset();
    const started = await ctx.app.request(`/api/chat?orgId=${f.a.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${f.a.member.token}`, "content-type": "application/json" },
      body: JSON.stringify({ agentId, threadId: null, messages: [userMsg("[long] resume me")] }),
    });
    const threadId = started.headers.get("x-thread-id")!;
    const reader = started.body!.getReader();
    await reader.read();
    await reader.cancel(); // the page is refreshed
    const resumed = await ctx.app.request(`/api/chat?orgId=${f.a.id}&chatId=${threadId}`, {
      headers: { authorization: `Bearer ${f.a.member.token}` },
    });
    expect(resumed.status).toBe(200);
    const text = await resumed.text();
    const replyText = parsed(text)
      .filter((p) => p.type === "text")
      .map((p) => p.value)
      .join("");
    expect(replyText.startsWith("You said: resume me")).toBe(true);
    expect(replyText.length).toBeGreaterThan(1000);
    expect(parsed(text).some((p) => p.type === "finish_message")).toBe(true);
    expect(fake.requests).toHaveLength(1);
    const after = await ctx.app.request(`/api/chat?orgId=${f.a.id}&chatId=${threadId}`, {
      headers: { authorization: `Bearer ${f.a.member.token}` },
    });
    expect(after.status).toBe(204);
  });

  it("a reply left streaming by a dead process is marked interrupted with what it had streamed", async () => {
    const threadId = randomUUID();
    const replyId = randomUUID();
    await db()
      .insert(conversation)
      .values({ id: threadId, organizationId: f.a.id, userId: f.a.member.userId, agentId });
    await db().insert(message).values({
      id: replyId,
      organizationId: f.a.id,
      conversationId: threadId,
      role: "assistant",
      status: "streaming",
    });
    await db()
      .insert(chatStream)
      .values({
        id: replyId,
        organizationId: f.a.id,
        conversationId: threadId,
        instanceId: "dead-process",
        heartbeatAt: new Date(Date.now() - 120_000),
      });
    await db().insert(chatStreamChunk).values({
      organizationId: f.a.id,
      streamId: replyId,
      seq: 0,
      data: 'f:{"messageId":"x"}\n0:"Half of an ans"\n0:"wer"\n',
    });
    // A server another test started on this database may have taken it over first (decision 088): either
    // way it ends recovered, as checked below.
    await recoverInterruptedReplies({ staleAfterSeconds: 60 });
    await expect
      .poll(async () => {
        const r = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${threadId}`, {
          token: f.a.member.token,
        });
        return r.body.messages[0]?.status;
      })
      .toBe("interrupted");
    const convo = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${threadId}`, {
      token: f.a.member.token,
    });
    expect(convo.body.messages[0]).toMatchObject({
      role: "assistant",
      content: "Half of an answer",
      status: "interrupted",
      error: INTERRUPTED_TEXT,
    });
    expect(
      (
        await ctx.app.request(`/api/chat?orgId=${f.a.id}&chatId=${threadId}`, {
          headers: { authorization: `Bearer ${f.a.member.token}` },
        })
      ).status,
    ).toBe(204);
  });

  it("[STREAM-19] the plain-text stream mode sends only text", async () => {
    const { text } = await chat(f.a.member, "plain please", { extra: { streamProtocol: "text" } });
    expect(text).toBe("You said: plain please");
  });

  it("runs Anthropic models through the Messages API", async () => {
    await call(ctx.app, "POST", `/api/updateConnections?orgId=${f.a.id}`, {
      token: f.a.admin.token,
      body: { anthropic: { ANTHROPIC_API_KEY: "sk-ant-test" } },
    });
    const claude = await createAgent(ctx.app, f.a.admin, f.a.id, {
      name: "Claude",
      model: "anthropic:claude-sonnet-4-20250514",
    });
    fake.reset();
    const { text } = await chat(f.a.member, "hi claude", { agent: claude.id });
    expect(
      parsed(text)
        .filter((p) => p.type === "text")
        .map((p) => p.value)
        .join(""),
    ).toBe("You said: hi claude");
    expect(fake.requests[0]!.path).toBe("/v1/messages");
    expect(fake.requests[0]!.headers["x-api-key"]).toBe("sk-ant-test");
  });

  it("[STREAM-15] [STREAM-16] [STREAM-13] Anthropic's thinking, its signature and a redacted block reach the client as g, j and i lines, and are stored", async () => {
    await call(ctx.app, "POST", `/api/updateConnections?orgId=${f.a.id}`, {
      token: f.a.admin.token,
      body: { anthropic: { ANTHROPIC_API_KEY: "sk-ant-test" } },
    });
    const claude = await createAgent(ctx.app, f.a.admin, f.a.id, {
      name: "Thinker",
      model: "anthropic:claude-sonnet-4-20250514",
    });
    fake.reset();
    fake.enqueue({
      reasoning: "Let me think it over.",
      redactedReasoning: "EmwKAhgBEgyRedacted",
      text: "Done thinking.",
    });
    const { text, threadId } = await chat(f.a.member, "think", { agent: claude.id });
    const parts = parsed(text);
    expect(
      parts
        .filter((p) => p.type === "reasoning")
        .map((p) => p.value)
        .join(""),
    ).toBe("Let me think it over.");
    expect(parts.filter((p) => p.type === "reasoning_signature").map((p) => p.value)).toEqual([
      { signature: FAKE_SIGNATURE },
    ]);
    expect(parts.filter((p) => p.type === "redacted_reasoning").map((p) => p.value)).toEqual([
      { data: "EmwKAhgBEgyRedacted" },
    ]);
    // The order the client rebuilds its parts from: reasoning, its signature, the redacted block, then text.
    const order = parts
      .map((p) => p.type)
      .filter((t) => ["reasoning", "reasoning_signature", "redacted_reasoning", "text"].includes(t));
    expect([...new Set(order)]).toEqual(["reasoning", "reasoning_signature", "redacted_reasoning", "text"]);

    const convo = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${threadId}`, {
      token: f.a.member.token,
    });
    const reply = convo.body.messages.find((m: any) => m.role === "assistant");
    expect(reply.parts.filter((p: any) => p.type === "reasoning")).toEqual([
      {
        type: "reasoning",
        reasoning: "Let me think it over.",
        details: [{ type: "text", text: "Let me think it over.", signature: FAKE_SIGNATURE }],
      },
      { type: "reasoning", reasoning: "", details: [{ type: "redacted", data: "EmwKAhgBEgyRedacted" }] },
    ]);
  });

  it("[ROLE-02] every member with an active organisation can chat, whatever the role; without one, nobody can", async () => {
    const newcomer = await signUp(ctx.app, "newcomer");
    await addMember(ctx.app, f.a.admin, f.a.id, newcomer, "org:member");
    await setActive(ctx.app, newcomer, f.a.id);
    const send = (who: Identity) =>
      ctx.app.request("/api/chat", {
        method: "POST",
        headers: { authorization: `Bearer ${who.token}`, "content-type": "application/json" },
        body: JSON.stringify({ agentId, threadId: null, timezone: "UTC", messages: [userMsg("hi from a member")] }),
      });
    for (const who of [newcomer, f.a.member, f.a.admin]) {
      const res = await send(who);
      expect(res.status, who.label).toBe(200);
      expect(
        parsed(await res.text())
          .filter((p) => p.type === "text")
          .map((p) => p.value)
          .join(""),
        who.label,
      ).toBe("You said: hi from a member");
    }
    // The outsider is signed in but has no active organisation.
    const outsider = await send(f.outsider);
    expect(outsider.status).toBe(400);
  });

  it("refuses bad input with 4xx and the spec's words", async () => {
    const noAgent = await call(ctx.app, "POST", `/api/chat?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { messages: [userMsg("x")] },
    });
    expect(noAgent.status).toBe(400);
    expect(noAgent.body.error).toBe("Please select an agent before starting a conversation.");
    const foreignAgent = await createAgent(ctx.app, f.b.admin, f.b.id);
    expect((await chat(f.a.member, "x", { agent: foreignAgent.id })).res.status).toBe(404);
    const notMine = await chat(f.a.member, "mine");
    expect((await chat(f.a.admin, "intrude", { threadId: notMine.threadId })).res.status).toBe(404);
    const empty = await call(ctx.app, "POST", `/api/chat?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { agentId, messages: [userMsg("   ")] },
    });
    expect(empty.status).toBe(400);
  });
});

describe("call_agent", () => {
  it("runs the callee in its own sub-conversation linked to the call, and returns its answer", async () => {
    const callee = await createAgent(ctx.app, f.a.admin, f.a.id, { name: "Specialist" });
    const caller = await createAgent(ctx.app, f.a.admin, f.a.id, {
      name: "Manager",
      tools: { call_agent: { enabled: true, config: { callableAgentIds: [callee.id] } } },
    });
    const { text, threadId } = await chat(
      f.a.member,
      `[tool:call_agent {"agentId":${callee.id},"message":"please help"}]`,
      { agent: caller.id },
    );
    const result = parsed(text).find((p) => p.type === "tool_result")!.value as any;
    expect(result.result).toMatchObject({
      status: "success",
      content: "You said: please help",
      subConversation: { agentName: "Specialist" },
    });
    const parent = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${threadId}`, {
      token: f.a.member.token,
    });
    expect(parent.body.subConversations).toHaveLength(1);
    const sub = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${result.result.threadId}`, {
      token: f.a.member.token,
    });
    expect(sub.body.messages.map((m: any) => m.content)).toEqual(["please help", "You said: please help"]);
    // The calling agent's message has its text as a part too, so the viewer never shows "[Empty Message]" (issue 17 #2).
    expect(sub.body.messages[0].parts).toEqual([{ type: "text", text: "please help" }]);
    // Sub-conversations stay out of the sidebar list.
    const list = await call(ctx.app, "GET", `/api/getConversations?orgId=${f.a.id}`, { token: f.a.member.token });
    expect(list.body.conversations.map((c: any) => c.id)).not.toContain(result.result.threadId);
    // Only the listed agents may be called.
    const other = await createAgent(ctx.app, f.a.admin, f.a.id, { name: "Not callable" });
    const refused = await chat(f.a.member, `[tool:call_agent {"agentId":${other.id},"message":"x"}]`, {
      agent: caller.id,
    });
    expect((parsed(refused.text).find((p) => p.type === "tool_result")!.value as any).result).toEqual({
      status: "error",
      error: `Agent ${other.id} is not one this agent may call`,
    });
  });
});

describe("conversations", () => {
  it("[API-12][API-11] rename and soft delete; a member sees only their own; admins may read them", async () => {
    const mine = await chat(f.a.member, "keep me");
    const rename = await call(ctx.app, "PATCH", `/api/renameConversation?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { threadId: mine.threadId, name: "Renamed" },
    });
    expect(rename.body).toEqual({ success: true });
    const otherRename = await call(ctx.app, "PATCH", `/api/renameConversation?orgId=${f.a.id}`, {
      token: f.a.admin.token,
      body: { threadId: mine.threadId, name: "Hijack" },
    });
    expect(otherRename.status).toBe(404);
    expect(otherRename.body.error).toBe("Conversation not found");
    const adminList = await call(ctx.app, "GET", `/api/getConversations?orgId=${f.a.id}`, { token: f.a.admin.token });
    expect(adminList.body.conversations.map((c: any) => c.id)).not.toContain(mine.threadId);
    const adminRead = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${mine.threadId}`, {
      token: f.a.admin.token,
    });
    expect(adminRead.status).toBe(200);

    const del = await call(ctx.app, "PATCH", `/api/deleteConversation?orgId=${f.a.id}&threadId=${mine.threadId}`, {
      token: f.a.member.token,
    });
    expect(del.body).toEqual({ success: true });
    const after = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${mine.threadId}`, {
      token: f.a.member.token,
    });
    expect(after.body).toMatchObject({ isDeleted: true, messages: [] });
    const list = await call(ctx.app, "GET", `/api/getConversations?orgId=${f.a.id}`, { token: f.a.member.token });
    expect(list.body.conversations.map((c: any) => c.id)).not.toContain(mine.threadId);
    expect(
      (
        await call(ctx.app, "PATCH", `/api/deleteConversation?orgId=${f.a.id}&threadId=${mine.threadId}`, {
          token: f.a.member.token,
        })
      ).status,
    ).toBe(404);
  });

  it("[API-19][API-20] feedback is recorded and can be changed", async () => {
    const { threadId } = await chat(f.a.member, "rate me");
    const before = await call(ctx.app, "GET", `/api/feedback?orgId=${f.a.id}&conversationId=${threadId}`, {
      token: f.a.member.token,
    });
    expect(before.body).toEqual({ exists: false, data: null });
    await call(ctx.app, "POST", `/api/feedback?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { conversationId: threadId, agentId, isHelpful: true },
    });
    await call(ctx.app, "POST", `/api/feedback?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { conversationId: threadId, agentId, isHelpful: false },
    });
    const after = await call(ctx.app, "GET", `/api/feedback?orgId=${f.a.id}&conversationId=${threadId}`, {
      token: f.a.member.token,
    });
    expect(after.body).toMatchObject({ exists: true, data: { isHelpful: false } });
    const bad = await call(ctx.app, "POST", `/api/feedback?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: { conversationId: threadId },
    });
    expect(bad.status).toBe(400);
  });
});

import { desc, eq } from "drizzle-orm";

describe("attachments", () => {
  it("[API-17] sends an uploaded image as an image part and a document's extracted text with the message", async () => {
    const upload = async (filename: string, contentType: string, bytes: Uint8Array) => {
      const pre = await call(ctx.app, "POST", `/api/upload/presigned?orgId=${f.a.id}`, {
        token: f.a.member.token,
        body: { filename, contentType },
      });
      expect(pre.status).toBe(200);
      const put = await ctx.app.request(pre.body.url, {
        method: pre.body.method,
        headers: pre.body.headers,
        body: bytes as unknown as BodyInit,
      });
      expect(put.status).toBe(200);
      if (!contentType.startsWith("image/")) {
        const ex = await call(ctx.app, "POST", `/api/files/extractContent?orgId=${f.a.id}`, {
          token: f.a.member.token,
          body: { key: pre.body.key, contentKey: pre.body.contentKey, contentType, fileName: filename },
        });
        expect(ex.body.status).toBe("success");
      }
      return {
        name: filename,
        contentType,
        key: pre.body.key,
        contentKey: pre.body.contentKey,
        fileId: pre.body.fileId,
        url: pre.body.key,
      };
    };
    const png = Uint8Array.from(
      Buffer.from(
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
        "base64",
      ),
    );
    const image = await upload("dot.png", "image/png", png);
    const doc = await upload("notes.txt", "text/plain", new TextEncoder().encode("The launch code is banana."));
    fake.reset();
    const res = await ctx.app.request(`/api/chat?orgId=${f.a.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${f.a.member.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        agentId,
        threadId: null,
        messages: [{ ...userMsg("what is attached?"), experimental_attachments: [image, doc] }],
      }),
    });
    expect(res.status).toBe(200);
    await res.text();
    const sent = fake.requests[0]!.body.messages.find((m: any) => m.role === "user");
    const kinds = sent.content.map((p: any) => p.type);
    expect(kinds).toEqual(["text", "image_url", "text"]);
    expect(sent.content[1].image_url.url).toMatch(/^data:image\/png;base64,/);
    expect(sent.content[2].text).toContain("The launch code is banana.");

    // Issue 17 #9 (decision 057): file names are not message text; a files-only first message leaves the title
    // to the agent's name, as the list's title rule says and the chat header shows.
    fake.reset();
    const filesOnly = await ctx.app.request(`/api/chat?orgId=${f.a.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${f.a.member.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        agentId,
        threadId: null,
        messages: [{ ...userMsg(""), experimental_attachments: [doc] }],
      }),
    });
    expect(filesOnly.status).toBe(200);
    const threadId = filesOnly.headers.get("x-thread-id");
    await filesOnly.text();
    const list = await call(ctx.app, "GET", `/api/getConversations?orgId=${f.a.id}`, { token: f.a.member.token });
    const created = list.body.conversations.find((c: any) => c.id === threadId);
    expect(created.firstMessageText ?? null).toBeNull();
    expect(conversationTitle(created)).toBe(created.agentName);
  });

  it("refuses attachments of another organisation", async () => {
    const res = await call(ctx.app, "POST", `/api/chat?orgId=${f.a.id}`, {
      token: f.a.member.token,
      body: {
        agentId,
        messages: [
          { ...userMsg("x"), experimental_attachments: [{ name: "a.txt", key: `org/${f.b.id}/uploads/x/a.txt` }] },
        ],
      },
    });
    expect(res.status).toBe(404);
  });
});
