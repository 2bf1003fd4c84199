// Dashboard at scale (issue 14, decision 053): seeds N messages in N/10 conversations across 50 users and
// 20 agents over 90 days — through the rollup's triggers, as chat writes them — then times getStats and
// getInteractions through the app (auth, validation, query, JSON) and prints p50/p95.
//   npx tsx bench/dashboard.ts [messages=1000000]             # PGlite in memory
//   DATABASE_URL=postgres://… npx tsx bench/dashboard.ts        # PostgreSQL (use an empty database)
//   BENCH_REUSE=1 DATABASE_URL=postgres://… npx tsx bench/dashboard.ts  # time again on a database seeded before
//   BENCH_PGLITE_DIR=/tmp/x npx tsx bench/dashboard.ts         # PGlite on disk there (then BENCH_REUSE=1 works)
//   BENCH_SEED=triggers …                                       # seed through the rollup triggers (slow)
// (migrations added since are applied at start; the write-cost step moves 20,000 conversations to today).
// By default the seed is bulk: the rollup triggers and message's secondary indexes are off while rows are
// inserted, then both rollups are filled by one set-based statement each (what the triggers would have
// written: tested equal on a small seed, BENCH_SEED=compare) and the indexes rebuilt.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { loadConfig } from "../src/server/config";
import { createApp } from "../src/server/app";
import { createServices } from "../src/server/services";
import { db } from "../src/server/db/client";
import { setLogLevel } from "../src/server/logger";
import { inProcessClient, percentile, tempDataDir } from "./setup";

const MESSAGES = Number(process.argv[2] ?? 1_000_000);
const USERS = 50;
const AGENTS = 20;
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 40);
const BATCH = 10_000; // conversations per insert

setLogLevel("error");
const config = loadConfig({
  ...process.env,
  DATA_DIR: tempDataDir(),
  SECRET_KEY: "bench-secret-key-for-switchboard-dashboard",
  PUBLIC_URL: "http://localhost:3000",
  AUTH_RATE_LIMIT_MAX: "100000",
  // Every test (or bench) client comes from one address: lift the per-address limit on other auth calls.
  AUTH_API_RATE_LIMIT_MAX: "100000",
  LOG_LEVEL: "silent",
});
const pgliteDir = process.env.BENCH_PGLITE_DIR;
const services = await createServices(pgliteDir && !config.databaseUrl ? { ...config, dataDir: pgliteDir } : config, {
  inMemoryDb: !config.databaseUrl && !pgliteDir,
});
const app = createApp({ config, auth: services.auth });
const kind = config.databaseUrl ? "PostgreSQL" : "PGlite";

const request = inProcessClient(app);

async function signUp(label: string) {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const up = await request("POST", "/api/auth/sign-up/email", undefined, {
    email,
    password: "bench-password-1",
    name: `${label} Bench`,
  });
  return { token: up.headers.get("set-auth-token")!, userId: up.body.user.id as string };
}

const seedNow = new Date().toISOString(); // every seed's "now", so two seeds compare row for row
const REUSE = !!process.env.BENCH_REUSE;
let admin: { token: string; userId: string };
let memberUser: { token: string; userId: string };
let orgId: string;
const agentIds: number[] = [];
let CONVERSATIONS = Math.max(1, Math.floor(MESSAGES / 10));
let seedSeconds = NaN;

async function signIn(email: string) {
  const res = await request("POST", "/api/auth/sign-in/email", undefined, { email, password: "bench-password-1" });
  return { token: res.headers.get("set-auth-token")!, userId: res.body.user.id as string };
}

if (REUSE) {
  // The organisation seeded last, its admin and member (signed in again), agents and size.
  const found = await db().execute<{ id: string; admin: string; member: string; n: string }>(sql`
    select o.id,
      (select u.email from member m join "user" u on u.id = m.user_id
        where m.organization_id = o.id and u.email like 'admin-%' limit 1) as admin,
      (select u.email from member m join "user" u on u.id = m.user_id
        where m.organization_id = o.id and u.email like 'member-%' limit 1) as member,
      (select count(*) from conversation c where c.organization_id = o.id and c.parent_conversation_id is null) as n
    from organization o where o.slug like 'bench-%' order by o.created_at desc limit 1`);
  const row = found.rows[0];
  if (!row) throw new Error("BENCH_REUSE: no seeded bench organisation in this database");
  orgId = row.id;
  admin = await signIn(row.admin);
  memberUser = await signIn(row.member);
  CONVERSATIONS = Number(row.n);
  const agents = await db().execute<{ id: number }>(
    sql`select id from agent where organization_id = ${orgId} order by id`,
  );
  agentIds.push(...agents.rows.map((r) => Number(r.id)));
  console.log(`dashboard bench on ${kind}: reusing ${CONVERSATIONS.toLocaleString()} seeded conversations`);
} else {
  const mode = process.env.BENCH_SEED ?? "bulk";
  if (mode === "compare") await compareSeeds();
  ({ admin, memberUser, orgId } = await seed(
    mode === "triggers" ? "triggers" : "bulk",
    CONVERSATIONS,
    MESSAGES,
    agentIds,
  ));
}

// The bulk seed's rollups against the triggers': two small organisations seeded both ways must hold the
// same rows (conversation g of one against conversation g of the other) and the same day sums.

async function compareSeeds() {
  const n = 2_000;
  const a = await seed("triggers", n / 10, n, []);
  const b = await seed("bulk", n / 10, n, []);
  const rows = async (org: string) =>
    (
      await db().execute(
        sql.raw(`
      select g, s.is_root, s.message_count, s.attachment_count, s.tool_call_count, s.input_tokens, s.output_tokens,
        s.feedback_total, s.feedback_helpful, s.tool_counts::text, s.model_input_tokens::text,
        s.model_output_tokens::text, s.started_at, s.last_activity_at, s.deleted_at,
        s.root_conversation_id = c.id as own_root, s.user_id = c.user_id as same_user, s.agent_id = c.agent_id as same_agent
      from generate_series(1, ${n / 10}) g
      join conversation c on c.id = md5('${org}-' || g)::uuid
      join conversation_stats s on s.conversation_id = c.id
      order by g`),
      )
    ).rows.map((r) => JSON.stringify(r));
  const days = async (org: string) =>
    (
      await db().execute(
        sql.raw(`
      select day, agent_id = 0 as all_agents, user_id = '*' as all_users, sum(conversation_count) as c,
        sum(message_count) as m, sum(tool_call_count) as t, sum(input_tokens) as i, sum(output_tokens) as o,
        sum(feedback_total) as f, sum(feedback_helpful) as h
      from conversation_day_stats where organization_id = '${org}' group by 1, 2, 3 order by 1, 2, 3`),
      )
    ).rows.map((r) => JSON.stringify(r));
  const [ra, rb, da, db_] = [await rows(a.orgId), await rows(b.orgId), await days(a.orgId), await days(b.orgId)];
  const same = (x: string[], y: string[]) => x.length === y.length && x.every((v, i) => v === y[i]);
  if (!same(ra, rb) || !same(da, db_) || ra.length === 0) {
    console.error({
      triggers: ra.slice(0, 3),
      bulk: rb.slice(0, 3),
      daysTriggers: da.slice(0, 3),
      daysBulk: db_.slice(0, 3),
    });
    throw new Error("bulk seed's rollups differ from the triggers'");
  }
  console.log(`bulk seed's rollups equal the triggers' (${ra.length} conversations, ${da.length} day sums)`);
}

async function seed(mode: "bulk" | "triggers", conversations: number, messages: number, agentIdsOut: number[]) {
  // People and agents: the admin and one member sign up (their tokens make the requests); 48 more users
  // are rows. Every member has public metadata (department of 5, region of 3).
  const admin = await signUp("admin");
  const memberUser = await signUp("member");
  const org = (
    await request("POST", "/api/auth/organization/create", admin.token, { name: "Bench", slug: `bench-${Date.now()}` })
  ).body as { id: string };
  const orgId = org.id;
  const userIds = [admin.userId, memberUser.userId];
  for (let i = userIds.length; i < USERS; i++) userIds.push(`bench-user-${i}-${randomUUID().slice(0, 6)}`);
  await db().execute(sql`
  insert into "user" (id, name, email, email_verified)
  select u, 'User ' || u, u || '@example.com', true from unnest(${sql.raw(
    `array[${userIds
      .slice(2)
      .map((u) => `'${u}'`)
      .join(",")}]`,
  )}::text[]) u`);
  await db().execute(sql`
  insert into member (id, organization_id, user_id, role, public_metadata)
  select 'm-' || u, ${orgId}, u, 'org:member', '{}'::jsonb from unnest(${sql.raw(
    `array[${userIds
      .slice(1)
      .map((u) => `'${u}'`)
      .join(",")}]`,
  )}::text[]) u`);
  await db().execute(
    sql.raw(`
  update member set public_metadata = jsonb_build_object(
    'department', (array['Sales','Support','Engineering','Finance','Legal'])[1 + abs(hashtext(user_id)) % 5],
    'region', (array['EMEA','Americas','APAC'])[1 + abs(hashtext(user_id) / 7) % 3])
  where organization_id = '${orgId}'`),
  );
  for (let i = 0; i < AGENTS; i++)
    agentIdsOut.push(
      (
        await request("POST", `/api/agents?orgId=${orgId}`, admin.token, {
          name: `Agent ${i}`,
          model: "openai:gpt-4.1",
        })
      ).body.id,
    );

  const users = `array[${userIds.map((u) => `'${u}'`).join(",")}]::text[]`;
  const agents = `array[${agentIdsOut.join(",")}]::int[]`;
  // Conversation g starts at a point spread over the last 90 days; its messages follow 30 s apart.
  const start = (g: string) => `'${seedNow}'::timestamptz - ((${g} * 7919) % (90 * 86400)) * interval '1 second'`;

  console.log(
    `dashboard bench on ${kind}: seeding ${messages.toLocaleString()} messages in ${conversations.toLocaleString()} conversations…`,
  );
  const seedStart = performance.now();
  // Bulk: the rollup triggers (their functions are dashboard_*) and message's secondary indexes are off
  // while the rows go in; both are restored below.
  const bulk = mode === "bulk";
  const triggers = bulk
    ? (
        await db().execute<{ rel: string; name: string }>(sql`
          select t.tgrelid::regclass::text as rel, t.tgname as name from pg_trigger t
          join pg_proc p on p.oid = t.tgfoid
          where not t.tgisinternal and p.proname like 'dashboard%' and t.tgenabled <> 'D'`)
      ).rows
    : [];
  const indexes = bulk
    ? (
        await db().execute<{ name: string; def: string }>(sql`
          select i.indexname as name, i.indexdef as def from pg_indexes i
          where i.schemaname = 'public' and i.tablename = 'message'
            and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)
      ).rows
    : [];
  for (const t of triggers) await db().execute(sql.raw(`alter table ${t.rel} disable trigger "${t.name}"`));
  for (const i of indexes) await db().execute(sql.raw(`drop index "${i.name}"`));
  for (let lo = 1; lo <= conversations; lo += BATCH) {
    const hi = Math.min(conversations, lo + BATCH - 1);
    await db().execute(
      sql.raw(`
    insert into conversation (id, organization_id, user_id, agent_id, first_message_text, created_at, updated_at)
    select md5('${orgId}-' || g)::uuid, '${orgId}', (${users})[1 + g % ${USERS}], (${agents})[1 + (g / 7) % ${AGENTS}],
      'Question number ' || g || ' about the quarterly figures', ${start("g")}, ${start("g")}
    from generate_series(${lo}, ${hi}) g`),
    );
    await db().execute(
      sql.raw(`
    insert into message (id, organization_id, conversation_id, role, content, parts, input_tokens, output_tokens, created_at)
    select gen_random_uuid(), '${orgId}', md5('${orgId}-' || g)::uuid,
      case when m % 2 = 0 then 'user' else 'assistant' end, 'message ' || m,
      case when m % 2 = 1 and m % 3 = 0
        then '[{"type":"tool-invocation","toolInvocation":{"toolCallId":"t","toolName":"web_search","state":"result"}}]'::jsonb
        else '[]'::jsonb end,
      case when m % 2 = 1 then 200 + (g % 100) end, case when m % 2 = 1 then 50 + (g % 30) end,
      ${start("g")} + m * interval '30 seconds'
    from generate_series(${lo}, ${hi}) g, generate_series(0, 9) m
    where g * 10 + m < ${messages} + 10`),
    );
    if ((hi / BATCH) % 10 === 0 || hi === conversations)
      console.log(`  ${hi.toLocaleString()} conversations, ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
  }
  if (bulk) {
    const rollupStart = performance.now();
    // What the triggers write for root conversations without feedback (the seed has neither
    // sub-conversations nor feedback): per conversation its messages' figures, tools and tokens per model.
    const perModel = (col: string) => `(
      select conversation_id, jsonb_object_agg(k, n) as j from (
        select conversation_id, coalesce(model, '') as k, sum(${col})::int as n from message
        where organization_id = '${orgId}' group by 1, 2 having coalesce(sum(${col}), 0) <> 0) x
      group by 1)`;
    await db().execute(
      sql.raw(`
    insert into conversation_stats (conversation_id, organization_id, root_conversation_id, is_root, user_id, agent_id,
      message_count, attachment_count, tool_call_count, input_tokens, output_tokens, tool_counts,
      model_input_tokens, model_output_tokens, started_at, last_activity_at, deleted_at)
    select c.id, c.organization_id, c.id, 1, c.user_id, c.agent_id,
      coalesce(m.messages, 0), coalesce(m.attachments, 0), coalesce(t.calls, 0), coalesce(m.input, 0),
      coalesce(m.output, 0), coalesce(t.counts, '{}'), coalesce(mi.j, '{}'), coalesce(mo.j, '{}'),
      c.created_at, greatest(c.created_at, m.last), c.deleted_at
    from conversation c
    left join (
      select conversation_id, count(*) filter (where role <> 'system') as messages,
        sum(case when jsonb_typeof(attachments) = 'array' then jsonb_array_length(attachments) else 0 end) as attachments,
        sum(coalesce(input_tokens, 0)) as input, sum(coalesce(output_tokens, 0)) as output, max(created_at) as last
      from message where organization_id = '${orgId}' group by 1) m on m.conversation_id = c.id
    left join (
      select conversation_id, sum(n) as calls, jsonb_object_agg(name, n) as counts from (
        select conversation_id, p->'toolInvocation'->>'toolName' as name, count(*) as n
        from message, jsonb_array_elements(case when jsonb_typeof(parts) = 'array' then parts else '[]'::jsonb end) p
        where organization_id = '${orgId}' and p->>'type' = 'tool-invocation'
          and p->'toolInvocation'->>'toolName' is not null
        group by 1, 2) x
      group by 1) t on t.conversation_id = c.id
    left join ${perModel("input_tokens")} mi on mi.conversation_id = c.id
    left join ${perModel("output_tokens")} mo on mo.conversation_id = c.id
    where c.organization_id = '${orgId}'`),
    );
    // The day rollup exactly as migration 0022 backfills it.
    await db().execute(
      sql.raw(`
    insert into conversation_day_stats (organization_id, agent_id, user_id, day, slot, conversation_count, message_count,
      tool_call_count, input_tokens, output_tokens, feedback_total, feedback_helpful)
    select s.organization_id, l.a, l.u, s.day, s.slot, count(*), sum(s.message_count), sum(s.tool_call_count),
      sum(s.input_tokens), sum(s.output_tokens), sum(s.feedback_total), sum(s.feedback_helpful)
    from (
      select *, (last_activity_at at time zone 'UTC')::date as day, coalesce(user_id, '') as uid,
        (get_byte(uuid_send(conversation_id), 15) & 15)::smallint as slot
      from conversation_stats where organization_id = '${orgId}' and is_root = 1 and deleted_at is null
    ) s
    cross join lateral (values (s.agent_id, s.uid), (s.agent_id, '*'), (0, s.uid), (0, '*')) as l(a, u)
    group by s.organization_id, l.a, l.u, s.day, s.slot`),
    );
    for (const t of triggers) await db().execute(sql.raw(`alter table ${t.rel} enable trigger "${t.name}"`));
    const rollupSeconds = (performance.now() - rollupStart) / 1000;
    const indexStart = performance.now();
    for (const i of indexes) await db().execute(sql.raw(i.def));
    console.log(
      `  rollups filled in ${rollupSeconds.toFixed(1)} s, message indexes (${indexes.map((i) => i.name).join(", ")}) rebuilt in ${((performance.now() - indexStart) / 1000).toFixed(1)} s`,
    );
  }
  seedSeconds = (performance.now() - seedStart) / 1000;
  return { admin, memberUser, orgId };
}
await db().execute(sql`analyze conversation_stats`);
await db().execute(sql`analyze member`);
await db().execute(sql`analyze conversation_day_stats`);

const day = 86_400_000;
const range = (days: number) => {
  const to = new Date();
  to.setHours(23, 59, 59, 999);
  const from = new Date(to.getTime() - days * day);
  from.setHours(0, 0, 0, 0);
  return `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
};
const cases: [string, string, string][] = [];
for (const days of [14, 90]) {
  for (const call of ["getStats", "getInteractions"]) {
    const base = `/api/dashboard/${call}?orgId=${orgId}&${range(days)}`;
    cases.push([`${call} ${days}d admin`, `${base}&allInOrg=true`, admin.token]);
    cases.push([
      `${call} ${days}d admin + metadata`,
      `${base}&allInOrg=true&metadataKey=department&metadataValue=Sales`,
      admin.token,
    ]);
    cases.push([`${call} ${days}d admin + agent`, `${base}&allInOrg=true&agentId=${agentIds[3]}`, admin.token]);
    cases.push([`${call} ${days}d personal`, base, memberUser.token]);
  }
}
// The rollup's write cost: messages inserted with both rollups' triggers, without the per-day one, without
// any — 10,000 in one statement and 500 one statement each (as chat writes them, each its own transaction)
// into 100 conversations started for the purpose and deleted afterwards, so the seeded figures stay.
let costRun = 0;
async function timeInsert(n: number, single: boolean, disable: string[]) {
  const tag = `${orgId}-cost-${costRun++}`;
  await db().execute(
    sql.raw(`
    insert into conversation (id, organization_id, user_id, agent_id, first_message_text)
    select md5('${tag}-' || g)::uuid, '${orgId}', '${memberUser.userId}', ${agentIds[0]}, 'cost'
    from generate_series(0, 99) g`),
  );
  for (const d of disable) await db().execute(sql.raw(`alter table ${d.replace("?", "disable")}`));
  const insert = (count: number, offset: number) =>
    db().execute(
      sql.raw(`
      insert into message (id, organization_id, conversation_id, role, content, input_tokens, output_tokens)
      select gen_random_uuid(), '${orgId}', md5('${tag}-' || (g % 100))::uuid, 'assistant', 'x', 10, 5
      from generate_series(${offset}, ${offset + count - 1}) g`),
    );
  const times: number[] = [];
  if (single)
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await insert(1, i);
      times.push((performance.now() - t) * 1000);
    }
  else {
    const t = performance.now();
    await insert(n, 0);
    times.push(((performance.now() - t) * 1000) / n);
  }
  for (const d of disable) await db().execute(sql.raw(`alter table ${d.replace("?", "enable")}`));
  await db().execute(
    sql.raw(`delete from conversation where organization_id = '${orgId}'
      and id in (select md5('${tag}-' || g)::uuid from generate_series(0, 99) g)`),
  );
  return times;
}

if (!REUSE)
  console.log(
    `\nseeded in ${seedSeconds.toFixed(1)} s (${((seedSeconds * 1e6) / MESSAGES).toFixed(0)} µs per message, triggers included)`,
  );
const writeCost = async () => {
  const noDays = ["conversation_stats ? trigger conversation_day_stats_on_update"];
  const none = ["message ? trigger conversation_stats_on_message_insert"];
  const [bulkBoth, bulkNoDays, bulkNone] = [
    (await timeInsert(10_000, false, []))[0]!,
    (await timeInsert(10_000, false, noDays))[0]!,
    (await timeInsert(10_000, false, none))[0]!,
  ];
  console.log(
    `\nrollup write cost per message, one insert of 10,000: ${bulkBoth.toFixed(1)} µs with both rollups, ${bulkNoDays.toFixed(1)} µs without the per-day one, ${bulkNone.toFixed(1)} µs without any`,
  );
  // One-row inserts, interleaved in rounds so the machine's load changes hit all three alike.
  const single: Record<"both" | "noDays" | "none", number[]> = { both: [], noDays: [], none: [] };
  for (let round = 0; round < 5; round++) {
    single.both.push(...(await timeInsert(100, true, [])));
    single.noDays.push(...(await timeInsert(100, true, noDays)));
    single.none.push(...(await timeInsert(100, true, none)));
  }
  const med = (v: number[]) => percentile(v, 50);
  console.log(
    `rollup write cost per message, 500 one-row inserts (median): ${med(single.both).toFixed(0)} µs with both rollups, ${med(single.noDays).toFixed(0)} µs without the per-day one (+${(med(single.both) - med(single.noDays)).toFixed(0)} µs for it), ${med(single.none).toFixed(0)} µs without any (+${(med(single.both) - med(single.none)).toFixed(0)} µs in all)`,
  );
};
console.log(`\n| ${kind}, ${MESSAGES.toLocaleString()} messages | p50 ms | p95 ms | conversations |`);
console.log("|---|---|---|---|");
// BENCH_CASES=text: only the cases whose label contains it; BENCH_WRITE_COST=0: skip the write cost.
const only = process.env.BENCH_CASES;
for (const [label, path, token] of cases.filter(([label]) => !only || label.includes(only))) {
  await request("GET", path, token); // warm
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < ITERATIONS; i++) {
    const t = performance.now();
    const res = await request("GET", path, token);
    times.push(performance.now() - t);
    count = res.body.conversationCount ?? res.body.data.length;
  }
  console.log(
    `| ${label} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)} | ${count.toLocaleString()} |`,
  );
}
if (process.env.BENCH_WRITE_COST !== "0") await writeCost();
await services.database.close();
process.exit(0);
