// Decision 113: a start whose database already has the newest migration skips drizzle's migrator; one
// that lacks any migration (a new database, or a newer build) still migrates.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrationsFolder, openDatabase, schemaUpToDate } from "./client";

describe("the migrations' journal", () => {
  // drizzle's migrator applies, on a database that has migrations, only those later than its newest: a migration
  // whose time is earlier than its predecessor's (drizzle-kit writes the clock's time, earlier migrations here
  // were given later ones) would never reach an existing install.
  it("gives every migration a later time than the one before it", () => {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder(), "meta/_journal.json"), "utf8")) as {
      entries: Array<{ tag: string; when: number }>;
    };
    journal.entries.slice(1).forEach((e, i) => expect(e.when, e.tag).toBeGreaterThan(journal.entries[i]!.when));
  });
});

describe.skipIf(process.env.TEST_DB === "postgres")("the start's migration check", () => {
  it("answers false on a new database and after the newest migration is missing, true once migrated", async () => {
    const fresh = await openDatabase({ migrate: false });
    const query = (text: string) =>
      fresh.db.execute(text) as unknown as Promise<{ rows: Array<Record<string, unknown>> }>;
    try {
      expect(await schemaUpToDate(query), "no migrations table yet").toBe(false);
      await (fresh as unknown as { migrate(): Promise<void> }).migrate();
      expect(await schemaUpToDate(query)).toBe(true);
      await fresh.db.execute(
        "delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)",
      );
      expect(await schemaUpToDate(query), "a newer build's migration not applied yet").toBe(false);
    } finally {
      await fresh.close();
    }
  }, 120_000);
});
