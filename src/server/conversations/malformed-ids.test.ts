// A thread id a client sends is matched against UUID columns: one that is no UUID names no conversation —
// a 404 in the usual words, never a query that fails on the cast with a 500 (bad input loses nothing and
// gets a 4xx). 36 hex digits without hyphens, or 36 hyphens, passed a looser check before.
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { getTestContext, type TestContext } from "../test/context";
import { connectOpenAI, createAgent } from "../test/seed";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { call } from "../test/http";

let ctx: TestContext;
let f: TenancyFixture;
let agentId: number;

beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  await connectOpenAI(ctx.app, f.a.admin, f.a.id);
  agentId = (await createAgent(ctx.app, f.a.admin, f.a.id, { name: "Ids" })).id;
});

const MALFORMED = ["a".repeat(36), "-".repeat(36), "not-a-uuid", `${randomUUID()}x`];

describe("thread ids that are no UUID", () => {
  it("are a 404 on reading, renaming, deleting, rating and chatting, never a 500", async () => {
    const token = f.a.member.token;
    for (const id of MALFORMED) {
      const q = `orgId=${f.a.id}&threadId=${encodeURIComponent(id)}`;
      const read = await call(ctx.app, "GET", `/api/getConversation?${q}`, { token });
      expect([read.status, read.body.error]).toEqual([404, "Conversation not found"]);
      const renamed = await call(ctx.app, "PATCH", `/api/renameConversation?orgId=${f.a.id}`, {
        token,
        body: { threadId: id, name: "x" },
      });
      expect(renamed.status).toBe(404);
      const deleted = await call(ctx.app, "PATCH", `/api/deleteConversation?${q}`, { token });
      expect(deleted.status).toBe(404);
      const rating = await call(
        ctx.app,
        "GET",
        `/api/feedback?orgId=${f.a.id}&conversationId=${encodeURIComponent(id)}`,
        {
          token,
        },
      );
      expect(rating.status).toBe(404);
      const chat = await call(ctx.app, "POST", `/api/chat?orgId=${f.a.id}`, {
        token,
        body: { agentId, threadId: id, messages: [{ id: randomUUID(), role: "user", content: "hi" }] },
      });
      expect([chat.status, chat.body.error]).toEqual([404, "Conversation not found"]);
    }
  });
});
