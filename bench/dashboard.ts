// Dashboard at scale (issue 14, decision 053): seeds N messages in N/10 conversations across 50 users and
// 20 agents over 90 days — through the rollup's triggers, as chat writes them — then times getStats and
// getInteractions through the app (auth, validation, query, JSON) and prints p50/p95.
//   npx tsx bench/dashboard.ts [messages=1000000]             # PGlite in memory
//   DATABASE_URL=postgres://… npx tsx bench/dashboard.ts        # PostgreSQL (use an empty database)
//   BENCH_REUSE=1 DATABASE_URL=postgres://… npx tsx bench/dashboard.ts  # time again on a database seeded before
// (migrations added since are applied at start; the write-cost step moves 20,000 conversations to today).
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { loadConfig } from "../src/server/config";
import { createApp } from "../src/server/app";
import { createServices } from "../src/server/services";
import { db } from "../src/server/db/client";
import { setLogLevel } from "../src/server/logger";
import { percentile, tempDataDir } from "./setup";

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
const services = await createServices(config, { inMemoryDb: !config.databaseUrl });
const app = createApp({ config, auth: services.auth });
const kind = config.databaseUrl ? "PostgreSQL" : "PGlite";

async function request(method: string, path: string, token?: string, body?: unknown) {
  const res = await app.request(path, {
    method,
    headers: {
      "content-type": "application/json",
      origin: "http://localhost:3000",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return { body: text ? JSON.parse(text) : null, headers: res.headers };
}

async function signUp(label: string) {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const up = await request("POST", "/api/auth/sign-up/email", undefined, {
    email,
    password: "bench-password-1",
    name: `${label} Bench`,
  });
  return { token: up.headers.get("set-auth-token")!, userId: up.body.user.id as string };
}

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
  // People and agents: the admin and one member sign up (their tokens make the requests); 48 more users
  // are rows. Every member has public metadata (department of 5, region of 3).
  admin = await signUp("admin");
  memberUser = await signUp("member");
  const org = (
    await request("POST", "/api/auth/organization/create", admin.token, { name: "Bench", slug: `bench-${Date.now()}` })
  ).body as { id: string };
  orgId = org.id;
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
    agentIds.push(
      (
        await request("POST", `/api/agents?orgId=${orgId}`, admin.token, {
          name: `Agent ${i}`,
          model: "openai:gpt-4.1",
        })
      ).body.id,
    );

  const users = `array[${userIds.map((u) => `'${u}'`).join(",")}]::text[]`;
  const agents = `array[${agentIds.join(",")}]::int[]`;
  // Conversation g starts at a point spread over the last 90 days; its messages follow 30 s apart.
  const start = (g: string) => `now() - ((${g} * 7919) % (90 * 86400)) * interval '1 second'`;

  console.log(
    `dashboard bench on ${kind}: seeding ${MESSAGES.toLocaleString()} messages in ${CONVERSATIONS.toLocaleString()} conversations…`,
  );
  const seedStart = performance.now();
  for (let lo = 1; lo <= CONVERSATIONS; lo += BATCH) {
    const hi = Math.min(CONVERSATIONS, lo + BATCH - 1);
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
    where g * 10 + m < ${MESSAGES} + 10`),
    );
    if ((hi / BATCH) % 10 === 0 || hi === CONVERSATIONS)
      console.log(`  ${hi.toLocaleString()} conversations, ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
  }
  seedSeconds = (performance.now() - seedStart) / 1000;
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
  const none = ["message ? trigger conversation_stats_on_message"];
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
for (const [label, path, token] of cases) {
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
await writeCost();
await services.database.close();
process.exit(0);
