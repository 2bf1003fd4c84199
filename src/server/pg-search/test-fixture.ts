// The Postgres searches' test world: a schema of its own in the test run's PostgreSQL (with pgvector),
// connected as organisation A's PostgreSQL integration with loopback allowed through the outbound guard;
// A's default embedding model served by the fake provider (fakeEmbedding vectors, as the stored rows
// have). B has no integration; C has one but no embedding model; D's integration is its own database.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { fakeEmbedding, startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { setOutboundAllowList } from "../net/outbound-guard";
import { saveCredentials } from "../providers/connection-store";
import { getTestContext } from "../test/context";
import { call } from "../test/http";
import { connectOpenAI } from "../test/seed";
import { createTenancyFixture } from "../test/tenancy-fixture";
import type { ToolContext } from "../../tools/executor.server";

export interface Doc {
  title: string | null;
  content: string;
  category: string;
  year: number;
}

export const DOCS: Doc[] = [
  {
    title: "Refund policy",
    content: "Customers may request a refund within 30 days of purchase.",
    category: "billing",
    year: 2024,
  },
  {
    title: "Invoice schedule",
    content: "Invoices are sent on the first business day of each month.",
    category: "billing",
    year: 2022,
  },
  {
    title: "Parental leave",
    content: "Employees receive sixteen weeks of paid parental leave.",
    category: "hr",
    year: 2023,
  },
  {
    title: "Password rules",
    content: "Passwords must be rotated every ninety days.",
    category: "security",
    year: 2024,
  },
  {
    title: "Office hours",
    content: "The office is open from nine to five on weekdays.",
    category: "facilities",
    year: 2021,
  },
  {
    title: "Refund exceptions",
    content: "Gift cards and sale items cannot be refunded.",
    category: "billing",
    year: 2023,
  },
  { title: null, content: "Expense reports are due on the fifth of each month.", category: "finance", year: 2024 },
  ...Array.from({ length: 55 }, (_, i) => ({
    title: `Archive ${i + 1}`,
    content: `Filler note number ${i + 1} kept in the archive.`,
    category: "archive",
    year: 2000,
  })),
];

/** The text a row's embedding was made from. */
export const embeddedText = (d: Doc) => `${d.title ?? ""} ${d.content}`.trim();
export const vectorText = (v: number[]) => JSON.stringify(v);

export interface PgSearchWorld {
  schema: string;
  admin: pg.Client;
  fake: FakeProvider;
  /** A: connected, default embedding model set. */
  a: string;
  /** B: no PostgreSQL integration. */
  b: string;
  /** C: PostgreSQL connected, no default embedding model. */
  c: string;
  /** D: its own integration, pointing at a database A's tables are not in. */
  d: string;
  dDatabase: string;
  ctx: (orgId: string, signal?: AbortSignal) => ToolContext;
  close: () => Promise<void>;
}

async function createTables(admin: pg.Client, s: string) {
  await admin.query(`create schema ${s}`);
  await admin.query(
    `create table ${s}.docs (id serial primary key, title text, content text, category text, year int, embedding vector(1536))`,
  );
  for (const d of DOCS)
    await admin.query(`insert into ${s}.docs (title, content, category, year, embedding) values ($1, $2, $3, $4, $5)`, [
      d.title,
      d.content,
      d.category,
      d.year,
      vectorText(fakeEmbedding(embeddedText(d), 1536)),
    ]);
  await admin.query(`
    create table ${s}.notes (id int primary key, body text);
    insert into ${s}.notes values (1, 'Notes without vectors mention a refund too.');
    create table ${s}.small (id int primary key, content text, embedding vector(3));
    insert into ${s}.small values (1, 'Three numbers are not enough.', '[1,0,0]');
    create table ${s}.loose (id int primary key, content text, embedding vector);
    insert into ${s}.loose values (1, 'Dimensions declared by the rows only.', '[0,1,0]');
    create table ${s}.measures (id int primary key, amount numeric, embedding vector(1536));
    create table ${s}."Team Notes" (id int primary key, content text);
    insert into ${s}."Team Notes" values (1, 'The team meets on Mondays about refunds.');
    create table ${s}."Glossary" (term text, definition text);
    insert into ${s}."Glossary" values ('Refund', 'Money returned to a customer.');
    create table ${s}.articles (id int primary key, heading text, body text,
      search tsvector generated always as (to_tsvector('english', body)) stored);
    insert into ${s}.articles values (1, 'Returns', 'Returned goods are inspected before refunding.');
    create view ${s}.slow as select 'refund ' || pg_sleep(2)::text as content;
    create table ${s}.log (id int);
    create function ${s}.write_log() returns text language sql volatile as $$ insert into ${s}.log values (1) returning 'refund' $$;
    create view ${s}.writes as select ${s}.write_log() as content;
  `);
}

export async function setUpPgSearch(): Promise<PgSearchWorld> {
  const url = process.env.TEST_DATABASE_URL!;
  const target = new URL(url);
  const schema = `sb_pgs_${randomUUID().slice(0, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await createTables(admin, schema);

  const fake = await startFakeProvider();
  const previousBaseUrl = process.env.OPENAI_BASE_URL;
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  const { app } = await getTestContext();
  const [f, g] = await Promise.all([createTenancyFixture(app), createTenancyFixture(app)]);
  const integration = (database: string) => ({
    host: target.hostname,
    port: Number(target.port || 5432),
    database,
    user: decodeURIComponent(target.username || "postgres"),
    password: target.password || "unused",
  });
  const dDatabase = `sb_missing_${randomUUID().slice(0, 8)}`;
  await saveCredentials({ orgId: f.a.id, key: "postgres", data: integration(target.pathname.slice(1)) });
  await saveCredentials({ orgId: g.a.id, key: "postgres", data: integration(target.pathname.slice(1)) });
  await saveCredentials({ orgId: g.b.id, key: "postgres", data: integration(dDatabase) });
  await connectOpenAI(app, f.a.admin, f.a.id, "sk-org-a");
  const prefs = await call(app, "POST", `/api/updateModelPreferences?orgId=${f.a.id}`, {
    token: f.a.admin.token,
    body: { action: "set_default", key: "embedding", data: "openai:text-embedding-3-small" },
  });
  if (prefs.status !== 200) throw new Error(`default embedding model: ${prefs.status} ${prefs.text}`);
  setOutboundAllowList([target.hostname]);

  return {
    schema,
    admin,
    fake,
    a: f.a.id,
    b: f.b.id,
    c: g.a.id,
    d: g.b.id,
    dDatabase,
    ctx: (orgId, signal = new AbortController().signal) => ({ orgId, abortSignal: signal }) as ToolContext,
    close: async () => {
      setOutboundAllowList([]);
      if (previousBaseUrl === undefined) delete process.env.OPENAI_BASE_URL;
      else process.env.OPENAI_BASE_URL = previousBaseUrl;
      await admin.query(`drop schema if exists ${schema} cascade`).catch(() => {});
      await admin.end();
      await fake.close();
    },
  };
}

/** Cosine similarity of two embeddings (the fake's vectors are unit length, so a dot product). */
export const similarity = (a: number[], b: number[]) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);

/** The rows of DOCS nearest to `query` as the fake provider embeds it, nearest first. */
export function nearestDocs(query: string, k: number, keep: (d: Doc) => boolean = () => true): Doc[] {
  const q = fakeEmbedding(query, 1536);
  return DOCS.filter(keep)
    .map((d) => ({ d, s: similarity(q, fakeEmbedding(embeddedText(d), 1536)) }))
    .sort((x, y) => y.s - x.s)
    .slice(0, k)
    .map((x) => x.d);
}

export const asItem = (d: Doc) => (d.title ? { title: d.title, content: d.content } : { content: d.content });
