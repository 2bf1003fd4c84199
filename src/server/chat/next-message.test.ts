// A next message's three reads run at once (decision 153); what it answers is as before: another user's
// thread is not found, a deleted one says so, one whose reply is still being generated is a 409 — and none of
// them stores the message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { message } from "../db/tables";
import { call } from "../test/http";
import { hubThread, type HubThread } from "../test/hub-thread";

let t: HubThread;
beforeAll(async () => {
  t = await hubThread("Next message");
});
afterAll(async () => t?.fake.close());

const send = (token: string, threadId: string, content: string) =>
  call(t.ctx.app, "POST", `/api/chat?orgId=${t.f.a.id}`, {
    token,
    body: { agentId: t.agentId, threadId, messages: [{ id: randomUUID(), role: "user", content }] },
  });
const stored = async (threadId: string) =>
  (
    await db()
      .select({ content: message.content })
      .from(message)
      .where(and(eq(message.organizationId, t.f.a.id), eq(message.conversationId, threadId)))
  ).map((r) => r.content);

describe("a next message (decision 153)", () => {
  it("is refused in another user's thread, a thread with a reply still being generated and a deleted thread", async () => {
    const { f } = t;
    const other = await send(f.a.admin.token, t.threadId, "not mine");
    expect([other.status, other.body.error]).toEqual([404, "Conversation not found"]);

    // A slow reply (50 tokens at 20 a second) is still being generated when the next message comes.
    const slow = t.ctx.app.request(`/api/chat?orgId=${f.a.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${f.a.member.token}`, "content-type": "application/json" },
      body: JSON.stringify({
        agentId: t.agentId,
        threadId: t.threadId,
        messages: [{ id: randomUUID(), role: "user", content: "[bench:20:50]" }],
      }),
    });
    const first = await slow;
    expect(first.status).toBe(200);
    const busy = await send(f.a.member.token, t.threadId, "too soon");
    expect([busy.status, busy.body.error]).toEqual([409, "A reply is still being generated in this conversation"]);
    await first.text();

    const deleted = await call(t.ctx.app, "PATCH", `/api/deleteConversation?orgId=${f.a.id}&threadId=${t.threadId}`, {
      token: f.a.member.token,
    });
    expect(deleted.status).toBe(200);
    const gone = await send(f.a.member.token, t.threadId, "after delete");
    expect([gone.status, gone.body.error]).toEqual([404, "This conversation has been deleted"]);

    const texts = await stored(t.threadId);
    expect(texts).toContain("[bench:20:50]");
    for (const refused of ["not mine", "too soon", "after delete"]) expect(texts).not.toContain(refused);
  });
});
