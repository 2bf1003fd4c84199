// A chat's statement before the model (begin-statement.ts, as chat runs it) on a grown database, its ids
// UUIDs of version 4 (before decision 152) and of version 7 (now), interleaved chat by chat: the WAL each
// statement wrote and its time. The database holds `conversations` threads of two messages each, with
// version 4 ids (a database grown before the change); a CHECKPOINT every `BENCH_CHECKPOINT_EVERY` chats
// (default 100) stands for a deployment's five-minute checkpoints at a chat every few seconds: a page first
// dirtied after a checkpoint goes to the WAL whole (a full-page image, 8 KB), and a random id dirties a
// random leaf of each index it is in.
//   DATABASE_URL=postgres://… npx tsx bench/chat-row-ids.ts [conversations=300000] [chats=2000]
//   npx tsx bench/chat-row-ids.ts [conversations] [chats]     # PGlite in memory
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { db } from "../src/server/db/client";
import { newRowId } from "../src/server/db/row-id";
import { runChatBegin } from "../src/server/chat/begin-statement";
import { percentile } from "./setup";
import { inProcessOrg } from "./in-process";

const CONVERSATIONS = Number(process.argv[2] ?? 300_000);
const CHATS = Number(process.argv[3] ?? 2000);
const CHECKPOINT_EVERY = Number(process.env.BENCH_CHECKPOINT_EVERY ?? 100);
const BATCH = 50_000;

const { config, services, userId, orgId, agentId } = await inProcessOrg("ids");

// The history, as chat wrote it before decision 152: version 4 ids (the rollup triggers are off meanwhile:
// this bench times no dashboard).
const seedStart = performance.now();
await db().execute(sql`alter table conversation disable trigger user`);
await db().execute(sql`alter table message disable trigger user`);
for (let lo = 1; lo <= CONVERSATIONS; lo += BATCH) {
  const hi = Math.min(CONVERSATIONS, lo + BATCH - 1);
  await db().execute(sql`with c as (
      insert into conversation (id, organization_id, user_id, agent_id, first_message_text)
      select gen_random_uuid(), ${orgId}, ${userId}, ${agentId}, 'question ' || g from generate_series(${lo}::int, ${hi}::int) g
      returning id)
    insert into message (id, organization_id, conversation_id, role, content, status)
    select gen_random_uuid(), ${orgId}, c.id, r.role, r.role || ' words of a message', 'complete'
    from c, (values ('user'), ('assistant')) r(role)`);
}
await db().execute(sql`alter table conversation enable trigger user`);
await db().execute(sql`alter table message enable trigger user`);
await db().execute(sql`vacuum analyze conversation`);
await db().execute(sql`vacuum analyze message`);
console.log(
  `${config.databaseUrl ? "PostgreSQL" : "PGlite"}: ${CONVERSATIONS.toLocaleString("en")} threads of 2 messages seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
);

const lsn = async () =>
  String(
    ((await db().execute(sql`select pg_current_wal_lsn()::text as l`)) as unknown as { rows: { l: string }[] }).rows[0]!
      .l,
  );
const walBytes = async (from: string, to: string) =>
  Number(
    (
      (await db().execute(sql`select pg_wal_lsn_diff(${to}::pg_lsn, ${from}::pg_lsn)::float8 as d`)) as unknown as {
        rows: { d: number }[];
      }
    ).rows[0]!.d,
  );

type Variant = "v4" | "v7";
const ids: Record<Variant, () => string> = { v4: randomUUID, v7: () => newRowId() };

/** One chat's statement before the model, a new thread, with `variant`'s ids: its WAL bytes and ms. */
async function chat(variant: Variant) {
  const id = ids[variant];
  const conversationId = id();
  const replyId = id();
  const before = await lsn();
  const t = performance.now();
  await runChatBegin(
    {
      thread: { userId, agentId, firstMessageText: "How do I rotate a key?" },
      userMessage: {
        id: id(),
        clientId: randomUUID(),
        content: "How do I rotate a key?",
        parts: [{ type: "text", text: "How do I rotate a key?" }],
        attachments: [],
        annotations: [],
      },
      model: "openai:gpt-4.1",
    },
    { orgId, id: replyId, conversationId, instanceId: "bench", firstChunk: `f:{"messageId":"${replyId}"}\n` },
  );
  const ms = performance.now() - t;
  return { ms, wal: await walBytes(before, await lsn()) };
}

const out: Record<Variant, { ms: number[]; wal: number[] }> = { v4: { ms: [], wal: [] }, v7: { ms: [], wal: [] } };
for (let i = 0; i < 20; i++) await chat(i % 2 ? "v4" : "v7"); // warm
for (let i = 0; i < CHATS; i++) {
  if (i % CHECKPOINT_EVERY === 0) await db().execute(sql`checkpoint`);
  const variant: Variant = (i + Math.floor(i / 2)) % 2 ? "v4" : "v7"; // v7 v4 v4 v7 …: neither always first
  const r = await chat(variant);
  out[variant].ms.push(r.ms);
  out[variant].wal.push(r.wal);
}

const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
console.log(`${CHATS} chats, interleaved, a checkpoint every ${CHECKPOINT_EVERY}:`);
for (const v of ["v4", "v7"] as const) {
  const { ms, wal } = out[v];
  console.log(
    `  ${v === "v4" ? "version 4 ids (before)" : "version 7 ids (now)   "}: WAL a statement mean ${Math.round(mean(wal)).toLocaleString("en")} B, median ${Math.round(percentile(wal, 50)).toLocaleString("en")} B; time median ${percentile(ms, 50).toFixed(2)} ms, p95 ${percentile(ms, 95).toFixed(2)} ms, mean ${mean(ms).toFixed(2)} ms`,
  );
}
await services.database.close();
process.exit(0);
