// A new DATA_DIR starts from the build's migrated PGlite directory (decision 106): the copy opens as a
// database, a seed older than the migrations is migrated the rest of the way, and a seed is never
// copied over an existing database or used by another PGlite version.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildPgliteSeed, pgliteVersion } from "../../../scripts/pglite-seed.mjs";
import { migrationsFolder, openDatabase } from "./client";
import { copyPgliteSeed } from "./pglite-seed";

const tmp = mkdtempSync(path.join(os.tmpdir(), "sb-seed-"));
const seed = path.join(tmp, "seed");
const journal = (dir: string) =>
  (JSON.parse(readFileSync(path.join(dir, "meta/_journal.json"), "utf8")) as { entries: unknown[] }).entries;

// Only PGlite is involved; the PostgreSQL project would run the same thing again.
describe.skipIf(process.env.TEST_DB === "postgres")("PGlite seed", () => {
  beforeAll(async () => {
    // A seed made before the newest migration existed, as a build older than the sources would hold.
    const older = path.join(tmp, "migrations");
    cpSync(migrationsFolder(), older, { recursive: true });
    const entries = journal(older);
    writeFileSync(
      path.join(older, "meta/_journal.json"),
      JSON.stringify({
        ...JSON.parse(readFileSync(path.join(older, "meta/_journal.json"), "utf8")),
        entries: entries.slice(0, -1),
      }),
    );
    await buildPgliteSeed(seed, older);
  }, 180_000);
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it(
    "a new data directory opens from the seed and gets the migrations the seed lacks",
    { timeout: 120_000 },
    async () => {
      const dataDir = path.join(tmp, "data");
      mkdirSync(dataDir);
      expect(copyPgliteSeed(path.join(dataDir, "pglite"), seed)).toBe(true);
      expect(existsSync(path.join(dataDir, "pglite.seeding"))).toBe(false);
      const database = await openDatabase({ dataDir });
      try {
        const { rows } = await database.db.execute<{ n: number }>(
          "select count(*)::int as n from drizzle.__drizzle_migrations",
        );
        expect(rows[0]!.n).toBe(journal(migrationsFolder()).length);
      } finally {
        await database.close();
      }
    },
  );

  it("an existing database is left alone, and another PGlite version's seed is not used", () => {
    const existing = path.join(tmp, "existing");
    mkdirSync(existing);
    writeFileSync(path.join(existing, "PG_VERSION"), "17\n");
    expect(copyPgliteSeed(existing, seed)).toBe(false);
    expect(readFileSync(path.join(existing, "PG_VERSION"), "utf8")).toBe("17\n");

    const foreign = path.join(tmp, "foreign-seed");
    cpSync(seed, foreign, { recursive: true });
    writeFileSync(path.join(foreign, "seed.json"), JSON.stringify({ pglite: `${pgliteVersion()}-other` }));
    const target = path.join(tmp, "fresh", "pglite");
    expect(copyPgliteSeed(target, foreign)).toBe(false);
    expect(existsSync(target)).toBe(false);
  });
});
