// Issue 18's cold start: a start on PostgreSQL sends a new database's migrations before its modules load
// (early-migration.ts). Replicas starting together on one new database apply them once; the regular
// open then has nothing to do; an early path that cannot connect leaves the work to the regular one.
import { afterAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { migrationsFolder, openDatabase } from "./client";
import { beginEarlyMigration, earlyMigration } from "./early-migration";
import { migrateLocked } from "./migrate-in-one-message";

const admin = process.env.TEST_DATABASE_URL;
const name = `early_migrate_${process.pid}_${Date.now()}`;
const url = admin ? Object.assign(new URL(admin), { pathname: `/${name}` }).toString() : "";

async function query<T>(connection: string, sql: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: connection });
  await c.connect();
  try {
    return (await c.query(sql)).rows as T[];
  } finally {
    await c.end();
  }
}

function journalLength(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

describe.skipIf(!admin)("the start's early migration (PostgreSQL)", () => {
  afterAll(async () => {
    await query(admin!, `drop database if exists ${name} with (force)`);
  });

  it("two starts on one new database migrate it once, before the regular open, which then has nothing to do", async () => {
    await query(admin!, `create database ${name}`);
    await query(url, "create extension if not exists vector");
    // Another replica starting at the same moment (its regular path): one of them waits for the other's
    // advisory lock, then finds nothing pending.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await Promise.all([beginEarlyMigration(url), migrateLocked(other)]);
      expect(await earlyMigration(url)).toBe(true);
    } finally {
      await other.end();
    }
    const recorded = await query<{ n: number }>(url, "select count(*)::int as n from drizzle.__drizzle_migrations");
    expect(recorded[0]!.n).toBe(journalLength());
    const tables = await query<{ n: number }>(
      url,
      "select count(*)::int as n from pg_tables where tablename in ('conversation', 'scheduled_task', 'kb_chunk')",
    );
    expect(tables[0]!.n).toBe(3);

    const database = await openDatabase({ url, poolSize: 1 });
    try {
      expect(database.timings!.migrateMs, "the early path's answer, no check of its own").toBeLessThan(50);
    } finally {
      await database.close();
    }
  }, 120_000);

  it("a start whose early connection fails answers false and the regular open still migrates", async () => {
    const unreachable = Object.assign(new URL(url), { port: "1" }).toString();
    await beginEarlyMigration(unreachable);
    expect(await earlyMigration(unreachable)).toBe(false);
    await query(admin!, `create database ${name}_b`);
    const fresh = Object.assign(new URL(url), { pathname: `/${name}_b` }).toString();
    try {
      await query(fresh, "create extension if not exists vector");
      expect(await earlyMigration(fresh), "a database the start did not begin").toBe(false);
      const database = await openDatabase({ url: fresh, poolSize: 1 });
      await database.close();
      const recorded = await query<{ n: number }>(fresh, "select count(*)::int as n from drizzle.__drizzle_migrations");
      expect(recorded[0]!.n).toBe(journalLength());
    } finally {
      await query(admin!, `drop database if exists ${name}_b with (force)`);
    }
  }, 120_000);
});
