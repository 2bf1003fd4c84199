// Decision 113: a start whose database already has the newest migration skips drizzle's migrator; one
// that lacks any migration (a new database, or a newer build) still migrates.
import { describe, expect, it } from "vitest";
import { openDatabase, schemaUpToDate } from "./client";

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
