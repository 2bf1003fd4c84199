// Decision 152: the rows a chat writes (its thread, the user's message, the reply and the reply's stream)
// are named by UUIDs of version 7, so a grown database's indexes take them beside the rows just written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { db } from "../db/client";
import { chatStream, message } from "../db/tables";
import { hubThread, type HubThread } from "../test/hub-thread";

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: HubThread;
beforeAll(async () => {
  t = await hubThread("Row ids");
});
afterAll(async () => t?.fake.close());

describe("ids of a chat's rows (decision 152)", () => {
  it("the thread, both messages and the reply's stream have version 7 ids, a later chat's after an earlier one's", async () => {
    const { ctx, f, agentId, threadId } = t;
    const res = await ctx.app.request(`/api/chat?orgId=${f.a.id}`, {
      method: "POST",
      headers: { authorization: `Bearer ${f.a.member.token}`, "content-type": "application/json" },
      body: JSON.stringify({ agentId, threadId, messages: [{ id: randomUUID(), role: "user", content: "again" }] }),
    });
    expect(res.status).toBe(200);
    await res.text();
    expect(threadId).toMatch(V7);
    const rows = await db()
      .select({ id: message.id, role: message.role })
      .from(message)
      .where(and(eq(message.organizationId, f.a.id), eq(message.conversationId, threadId)))
      .orderBy(asc(message.seq));
    expect(rows.map((r) => r.role)).toEqual(["user", "assistant", "user", "assistant"]);
    for (const r of rows) expect(r.id).toMatch(V7);
    // The second chat's rows were made after the first chat ended: they sort after its rows (within one
    // millisecond the order is random, which costs an index nothing).
    const ids = rows.map((r) => r.id);
    for (const first of ids.slice(0, 2)) for (const second of ids.slice(2)) expect(first < second).toBe(true);
    const streams = await db()
      .select({ id: chatStream.id })
      .from(chatStream)
      .where(and(eq(chatStream.organizationId, f.a.id), eq(chatStream.conversationId, threadId)));
    expect(streams.length).toBe(2);
    for (const s of streams) expect(ids).toContain(s.id);
  });
});
