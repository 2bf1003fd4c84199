// Issue 11 §3: a reference between tenant rows carries the organisation, so the database itself refuses
// a row of one organisation pointing at another's — whatever a query forgets.
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { getTestContext } from "../test/context";
import { db } from "./client";
import { chatStream, chatStreamChunk, conversation, feedback, message, organization, user } from "./tables";

const orgA = `org_fk_a_${randomUUID()}`;
const orgB = `org_fk_b_${randomUUID()}`;
const userId = `user_fk_${randomUUID()}`;
const convoA = randomUUID();
const convoB = randomUUID();
const streamA = randomUUID();

/** The PostgreSQL error code of a failed statement (drizzle wraps the driver's error). */
async function failure(statement: PromiseLike<unknown>): Promise<{ code?: string; constraint?: string } | null> {
  try {
    await statement;
    return null;
  } catch (err) {
    const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
    return e.code ? e : (e.cause ?? { code: "unknown" });
  }
}

beforeAll(async () => {
  await getTestContext();
  await db()
    .insert(organization)
    .values([
      { id: orgA, name: "FK A", slug: orgA },
      { id: orgB, name: "FK B", slug: orgB },
    ]);
  await db()
    .insert(user)
    .values({ id: userId, name: "FK", email: `${userId}@example.com` });
  await db()
    .insert(conversation)
    .values([
      { id: convoA, organizationId: orgA, userId, agentId: 1 },
      { id: convoB, organizationId: orgB, userId, agentId: 1 },
    ]);
  await db().insert(chatStream).values({ id: streamA, organizationId: orgA, conversationId: convoA, instanceId: "t" });
});

describe("tenant foreign keys", () => {
  it("issue 11: a message, a reply stream and feedback of org B cannot point at org A's conversation", async () => {
    const cases = {
      message_conversation_fk: db()
        .insert(message)
        .values({ id: randomUUID(), organizationId: orgB, conversationId: convoA, role: "user" }),
      chat_stream_conversation_fk: db()
        .insert(chatStream)
        .values({ id: randomUUID(), organizationId: orgB, conversationId: convoA, instanceId: "t" }),
      feedback_conversation_fk: db()
        .insert(feedback)
        .values({ organizationId: orgB, conversationId: convoA, userId, agentId: 1, isHelpful: true }),
      chat_stream_chunk_stream_fk: db()
        .insert(chatStreamChunk)
        .values({ organizationId: orgB, streamId: streamA, seq: 0, data: '0:"x"\n' }),
    };
    for (const [constraint, statement] of Object.entries(cases)) {
      expect(await failure(statement), constraint).toMatchObject({ code: "23503", constraint });
    }
    // The same rows within one organisation are accepted: the organisation is what was refused.
    await db().insert(message).values({ id: randomUUID(), organizationId: orgA, conversationId: convoA, role: "user" });
    await db().insert(chatStreamChunk).values({ organizationId: orgA, streamId: streamA, seq: 0, data: '0:"x"\n' });
    await db()
      .insert(feedback)
      .values({ organizationId: orgB, conversationId: convoB, userId, agentId: 1, isHelpful: true });
  });

  it("issue 11: deleting a conversation still deletes what hangs off it (ON DELETE CASCADE kept)", async () => {
    const convo = randomUUID();
    const stream = randomUUID();
    await db().insert(conversation).values({ id: convo, organizationId: orgA, userId, agentId: 1 });
    await db().insert(message).values({ id: stream, organizationId: orgA, conversationId: convo, role: "assistant" });
    await db().insert(chatStream).values({ id: stream, organizationId: orgA, conversationId: convo, instanceId: "t" });
    await db().insert(chatStreamChunk).values({ organizationId: orgA, streamId: stream, seq: 0, data: "x" });
    await db().execute(sql`delete from conversation where id = ${convo}`);
    const left = await db().execute<{ n: number }>(
      sql`select (select count(*) from message where conversation_id = ${convo})
           + (select count(*) from chat_stream where conversation_id = ${convo})
           + (select count(*) from chat_stream_chunk where stream_id = ${stream}) as n`,
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it("issue 11: every foreign key between two tenant tables includes organization_id, and its parent has <table>_org_id_unique", async () => {
    // Any table with organization_id is tenant data; a reference to the organisation itself is not a
    // reference between tenant rows.
    const fks = await db().execute<{ name: string; child: string; parent: string; cols: string[]; ref: string[] }>(sql`
      select c.conname as name, ct.relname as child, pt.relname as parent,
        array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
              join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as cols,
        array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
              join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as ref
      from pg_constraint c
      join pg_class ct on ct.oid = c.conrelid join pg_namespace n on n.oid = ct.relnamespace
      join pg_class pt on pt.oid = c.confrelid
      where c.contype = 'f' and n.nspname = 'public' and pt.relname <> 'organization'
        and exists (select 1 from pg_attribute a where a.attrelid = c.conrelid and a.attname = 'organization_id')
        and exists (select 1 from pg_attribute a where a.attrelid = c.confrelid and a.attname = 'organization_id')`);
    const names = fks.rows.map((r) => r.name).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        "chat_stream_chunk_stream_fk",
        "chat_stream_conversation_fk",
        "feedback_conversation_fk",
        "message_conversation_fk",
      ]),
    );
    for (const fk of fks.rows) {
      expect(fk.cols[0], fk.name).toBe("organization_id");
      expect(fk.ref, fk.name).toEqual(["organization_id", "id"]);
    }
    const uniques = await db().execute<{ name: string }>(
      sql`select conname as name from pg_constraint where contype = 'u' and conname like '%_org_id_unique'`,
    );
    const parents = new Set(fks.rows.map((r) => r.parent));
    for (const parent of parents) expect(uniques.rows.map((u) => u.name)).toContain(`${parent}_org_id_unique`);
  });

  it("decision 039: ON DELETE SET NULL (parent_id) on a composite key nulls the reference and keeps the organisation", async () => {
    const rows = await db().transaction(async (tx) => {
      await tx.execute(sql`create temp table fk_parent (organization_id text not null, id int primary key,
        unique (organization_id, id)) on commit drop`);
      await tx.execute(sql`create temp table fk_child (organization_id text not null, id int primary key, parent_id int,
        foreign key (organization_id, parent_id) references fk_parent (organization_id, id) on delete set null (parent_id))
        on commit drop`);
      await tx.execute(sql`insert into fk_parent values ('a', 1)`);
      await tx.execute(sql`insert into fk_child values ('a', 10, 1)`);
      await tx.execute(sql`delete from fk_parent where id = 1`);
      return (await tx.execute<{ organization_id: string; parent_id: number | null }>(sql`select * from fk_child`))
        .rows;
    });
    expect(rows).toEqual([{ organization_id: "a", id: 10, parent_id: null }]);
  });
});
