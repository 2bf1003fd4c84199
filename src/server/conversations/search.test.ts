// Issue 17: search conversations by title and message text, in the sidebar list's scope.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../db/client";
import { conversation, message } from "../db/tables";
import { getTestContext, type TestContext } from "../test/context";
import { call, type Identity } from "../test/http";
import { createAgent } from "../test/seed";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { searchQuery } from "./queries";

let ctx: TestContext;
let f: TenancyFixture;

async function thread(
  owner: Identity,
  orgId: string,
  fields: { name?: string; first?: string; texts?: string[]; deleted?: boolean; parent?: string; at?: string },
) {
  const id = randomUUID();
  await db()
    .insert(conversation)
    .values({
      id,
      organizationId: orgId,
      userId: owner.userId,
      agentId,
      name: fields.name ?? null,
      firstMessageText: fields.first ?? null,
      deletedAt: fields.deleted ? new Date() : null,
      parentConversationId: fields.parent ?? null,
      updatedAt: new Date(fields.at ?? "2026-01-01T00:00:00Z"),
    });
  for (const content of fields.texts ?? [])
    await db()
      .insert(message)
      .values({ id: randomUUID(), organizationId: orgId, conversationId: id, role: "user", content });
  return id;
}

const search = (who: Identity, q: string) =>
  call(ctx.app, "GET", `/api/searchConversations?orgId=${f.a.id}&q=${encodeURIComponent(q)}`, { token: who.token });
const ids = async (who: Identity, q: string) =>
  ((await search(who, q)).body.conversations as Array<{ id: string }>).map((c) => c.id);

let agentId: number;
let budget: string;
let titled: string;
let older: string;
beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  agentId = (await createAgent(ctx.app, f.a.admin, f.a.id)).id;
  const m = f.a.member;
  budget = await thread(m, f.a.id, {
    first: "help me",
    texts: ["help me", "The quarterly revenue forecast for Zanzibar is up"],
    at: "2026-03-01T00:00:00Z",
  });
  titled = await thread(m, f.a.id, { name: "Zanzibar trip planning", at: "2026-02-01T00:00:00Z" });
  older = await thread(m, f.a.id, { first: "zanzibar spices", at: "2026-01-01T00:00:00Z" });
  await thread(m, f.a.id, { texts: ["Zanzibar deleted"], deleted: true });
  await thread(m, f.a.id, { texts: ["Zanzibar in a sub-conversation"], parent: budget });
  await thread(f.a.admin, f.a.id, { texts: ["Zanzibar of the admin"] });
});

describe("conversation search", () => {
  it("finds by message text and title, by word prefix, every word required, newest first", async () => {
    expect(await ids(f.a.member, "zanzibar")).toEqual([budget, titled, older]);
    expect(await ids(f.a.member, "quart reven")).toEqual([budget]);
    expect(await ids(f.a.member, "zanzibar trip")).toEqual([titled]);
    expect(await ids(f.a.member, "zanzibar nothing-like-this")).toEqual([]);
    const [first] = (await search(f.a.member, "revenue")).body.conversations;
    expect(first).toMatchObject({ id: budget, firstMessageText: "help me", updatedAt: "2026-03-01T00:00:00.000Z" });
  });

  it("keeps the list's scope: the caller's own, not deleted, not sub-conversations", async () => {
    expect(await ids(f.a.admin, "zanzibar")).toHaveLength(1);
    expect(await ids(f.a.member, "deleted")).toEqual([]);
    expect(await ids(f.a.member, "sub conversation")).toEqual([]);
  });

  it("takes anything typed as words, never as query syntax; refuses an overlong search with a 400", async () => {
    expect(searchQuery("a & b | !c:* (d)")).toBe("a:* & b:* & c:* & d:*");
    expect(searchQuery("  ?! ")).toBeNull();
    for (const q of ["", "   ", "!!", "zanzibar & | ! ( ) :*", "'; drop table message; --"])
      expect((await search(f.a.member, q)).status).toBe(200);
    expect(await ids(f.a.member, "")).toEqual([]);
    const long = await search(f.a.member, "x".repeat(201));
    expect(long.status).toBe(400);
    expect(long.body.error).toBe("Search text must be at most 200 characters");
    expect((await search(f.a.member, "x".repeat(200))).status).toBe(200);
  });
});
