// The statement chat runs before the model is called (decision 099: new thread, user message, reply
// placeholder and resumable stream row in one), with the dashboard's rollups counting those rows at once
// ("counted", how they were written before decision 103) and deferred to the reply's final update
// ("deferred", now) — interleaved in one run, so the machine's load hits both alike. Also times the
// reply's final update, which now carries the rollup's work.
//   npx tsx bench/reply-statement.ts [rounds=300]             # PGlite in memory
//   DATABASE_URL=postgres://… npx tsx bench/reply-statement.ts
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db } from "../src/server/db/client";
import { conversation, message } from "../src/server/db/tables";
import { insertStream } from "../src/server/chat/stream-queries";
import { percentile } from "./setup";
import { inProcessOrg } from "./in-process";

const ROUNDS = Number(process.argv[2] ?? 300);
const { config, services, userId, orgId, agentId } = await inProcessOrg("reply");

/** startChat + startReply's statement for a new thread; returns its milliseconds and the reply's id. */
async function beforeModel(deferred: boolean) {
  const conversationId = randomUUID();
  const replyId = randomUUID();
  const thread = db()
    .$with("thread")
    .as(
      db()
        .insert(conversation)
        .values({ id: conversationId, organizationId: orgId, userId, agentId, firstMessageText: "hello" })
        .returning({ id: conversation.id }),
    );
  const reply = db()
    .$with("reply")
    .as(
      db()
        .insert(message)
        .values([
          {
            id: randomUUID(),
            organizationId: orgId,
            conversationId,
            clientId: randomUUID(),
            role: "user",
            content: "hello",
            parts: [{ type: "text", text: "hello" }],
            rollupDeferred: deferred,
          },
          {
            id: replyId,
            organizationId: orgId,
            conversationId,
            role: "assistant",
            status: "streaming",
            model: "openai:gpt-4.1",
            rollupDeferred: deferred,
          },
        ])
        .returning({ id: message.id }),
    );
  const t = performance.now();
  await insertStream({ orgId, id: replyId, conversationId, instanceId: "bench" }, [thread, reply]);
  return { ms: performance.now() - t, replyId };
}

/** run-reply's final update of the reply. */
async function finish(replyId: string) {
  const t = performance.now();
  await db()
    .update(message)
    .set({
      content: "The answer, in a few words.",
      parts: [{ type: "text", text: "The answer, in a few words." }],
      status: "complete",
      finishReason: "stop",
      inputTokens: 120,
      outputTokens: 30,
      rollupDeferred: false,
    })
    .where(and(eq(message.organizationId, orgId), eq(message.id, replyId)));
  return performance.now() - t;
}

const times = { counted: [] as number[], deferred: [] as number[] };
const finals = { counted: [] as number[], deferred: [] as number[] };
for (let i = 0; i < 20; i++) await finish((await beforeModel(i % 2 === 0)).replyId); // warm
for (let i = 0; i < ROUNDS; i++) {
  for (const variant of i % 2 ? (["counted", "deferred"] as const) : (["deferred", "counted"] as const)) {
    const { ms, replyId } = await beforeModel(variant === "deferred");
    times[variant].push(ms);
    finals[variant].push(await finish(replyId));
  }
}
// The same two statements' server time (executor and triggers, no commit or round trip): EXPLAIN ANALYZE
// in a transaction rolled back, interleaved — what the machine's load and the commit's fsync do not blur.
const server = { counted: [[], []] as number[][], deferred: [[], []] as number[][] };
const executionMs = (r: { rows: Record<string, unknown>[] }) => {
  const line = r.rows.map((row) => String(Object.values(row)[0])).find((l) => l.startsWith("Execution Time"));
  return Number(/([\d.]+) ms/.exec(line ?? "")?.[1]);
};
for (let i = 0; i < ROUNDS; i++) {
  for (const variant of i % 2 ? (["counted", "deferred"] as const) : (["deferred", "counted"] as const)) {
    const [c, r, m] = [randomUUID(), randomUUID(), randomUUID()];
    const deferred = variant === "deferred";
    await db()
      .transaction(async (tx) => {
        server[variant][0]!.push(
          executionMs(
            await tx.execute(sql`explain (analyze) with thread as (
              insert into conversation (id, organization_id, user_id, agent_id, first_message_text)
              values (${c}, ${orgId}, ${userId}, ${agentId}, 'hello') returning id),
            reply as (insert into message (id, organization_id, conversation_id, client_id, role, content, parts, model,
                status, rollup_deferred)
              values (${m}, ${orgId}, ${c}, 'c', 'user', 'hello', '[{"type":"text","text":"hello"}]', null, 'complete', ${deferred}),
                (${r}, ${orgId}, ${c}, null, 'assistant', '', '[]', 'openai:gpt-4.1', 'streaming', ${deferred}) returning id)
            insert into chat_stream (id, organization_id, conversation_id, instance_id) values (${r}, ${orgId}, ${c}, 'bench')`),
          ),
        );
        server[variant][1]!.push(
          executionMs(
            await tx.execute(sql`explain (analyze) update message set content = 'The answer',
              parts = '[{"type":"text","text":"The answer"}]', status = 'complete', input_tokens = 120, output_tokens = 30,
              finish_reason = 'stop', rollup_deferred = false where organization_id = ${orgId} and id = ${r}`),
          ),
        );
        tx.rollback();
      })
      .catch(() => {});
  }
}
const f = (v: number[]) => `median ${percentile(v, 50).toFixed(2)}  p95 ${percentile(v, 95).toFixed(2)}`;
console.log(`${config.databaseUrl ? "PostgreSQL" : "PGlite"}, ${ROUNDS} rounds each, interleaved (ms):`);
console.log(`  statement before the model, rows counted at once: ${f(times.counted)}`);
console.log(`  statement before the model, counting deferred:    ${f(times.deferred)}`);
console.log(`  reply's final update, rows counted at once:       ${f(finals.counted)}`);
console.log(`  reply's final update, counting deferred:          ${f(finals.deferred)}`);
console.log(`  server time (EXPLAIN ANALYZE, rolled back), ${ROUNDS} each:`);
console.log(`    before the model, counted: ${f(server.counted[0]!)}; deferred: ${f(server.deferred[0]!)}`);
console.log(`    final update, counted:     ${f(server.counted[1]!)}; deferred: ${f(server.deferred[1]!)}`);
await services.database.close();
process.exit(0);
