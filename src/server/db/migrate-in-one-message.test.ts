// Decision 113: a new PostgreSQL database gets every migration in one message, atomically, recorded as
// drizzle records them; a failing migration leaves nothing behind.
import { afterAll, describe, expect, it } from "vitest";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { migrationsFolder, openDatabase, schemaUpToDate } from "./client";
import { migrateInOneMessage } from "./migrate-in-one-message";

const admin = process.env.TEST_DATABASE_URL;
const name = `migrate_once_${process.pid}_${Date.now()}`;
const url = admin ? Object.assign(new URL(admin), { pathname: `/${name}` }).toString() : "";
const tmp = mkdtempSync(path.join(os.tmpdir(), "sb-migrate-"));

async function adminQuery(sql: string) {
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

describe.skipIf(!admin)("migrations in one message (PostgreSQL)", () => {
  afterAll(async () => {
    await adminQuery(`drop database if exists ${name} with (force)`);
    rmSync(tmp, { recursive: true, force: true });
  });

  it("a new database gets every migration, recorded as drizzle's migrator records them, and the next start has nothing to do", async () => {
    await adminQuery(`create database ${name}`);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query("create extension if not exists vector");
      // A migration that fails: nothing of the others may stay (one transaction).
      const broken = path.join(tmp, "broken");
      cpSync(migrationsFolder(), broken, { recursive: true });
      const journal = JSON.parse(readFileSync(path.join(broken, "meta/_journal.json"), "utf8")) as {
        entries: Array<{ tag: string }>;
      };
      const last = journal.entries.at(-1)!.tag;
      writeFileSync(path.join(broken, `${last}.sql`), "select * from no_such_table;");
      await expect(migrateInOneMessage(c, broken)).rejects.toThrow(/no_such_table/);
      const tables = await c.query("select count(*)::int as n from pg_tables where schemaname = 'public'");
      expect(tables.rows[0].n).toBe(0);

      expect(await migrateInOneMessage(c, migrationsFolder())).toBe(journal.entries.length);
      const rows = await c.query("select hash, created_at from drizzle.__drizzle_migrations order by created_at");
      expect(rows.rows).toHaveLength(journal.entries.length);
      expect(await schemaUpToDate((text) => c.query(text))).toBe(true);
      expect(await migrateInOneMessage(c, migrationsFolder())).toBe(0);
    } finally {
      await c.end();
    }
    // The server's own start on it: up to date, it opens without migrating again.
    const database = await openDatabase({ url, poolSize: 1 });
    await database.close();
  }, 120_000);
});
