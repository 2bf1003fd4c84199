// PGlite's buffer pool follows the vector indexes (decision 126): the size is read from the catalogue at
// start, kept beside the database so the next start opens once with it, grown at once, shrunk next time.
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "./client";
import { HNSW_INDEX_BYTES_SQL, PGLITE_POOL, autoPoolSize, sizeMb } from "./pglite-pool";
import { loadConfig } from "../config";

const tmp = mkdtempSync(path.join(os.tmpdir(), "sb-pool-"));
let dataDir = "";
let hintFile = "";
const factor = PGLITE_POOL.indexFactor;

const poolOf = async (database: Database) =>
  (await database.db.execute<{ shared_buffers: string }>("show shared_buffers")).rows[0]!.shared_buffers;
const indexBytes = async (database: Database) =>
  Number((await database.db.execute<{ bytes: number }>(HNSW_INDEX_BYTES_SQL)).rows[0]!.bytes);

async function withDatabase<T>(pool: string, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ dataDir, pgliteSharedBuffers: pool });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

// Only PGlite is involved; the PostgreSQL project would run the same thing again.
describe.skipIf(process.env.TEST_DB === "postgres")("PGlite buffer pool size (decision 126)", () => {
  // Tests run in any order: each has its own data directory.
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmp, "data-"));
    hintFile = path.join(dataDir, "pglite-buffers");
  });
  afterEach(() => {
    PGLITE_POOL.indexFactor = factor;
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it("maps the indexes' size to a pool between 32MB and 256MB, 1.5 times the indexes, in 16MB steps", () => {
    expect(autoPoolSize(0)).toBe("32MB");
    expect(autoPoolSize(20 * 1024 * 1024)).toBe("32MB");
    // 10,000 chunks × 1,536 dimensions: a 78 MB HNSW index.
    expect(autoPoolSize(78 * 1024 * 1024)).toBe("128MB");
    expect(autoPoolSize(4 * 1024 ** 3)).toBe("256MB");
    expect(sizeMb("1GB")).toBe(1024);
    expect(sizeMb("2048kB")).toBe(2);
  });

  it("is the default of PGLITE_SHARED_BUFFERS; a size set there is used as it is", () => {
    expect(loadConfig({}).pgliteSharedBuffers).toBe("auto");
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: "48MB" }).pgliteSharedBuffers).toBe("48MB");
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: "lots" })).toThrow(
      "PGLITE_SHARED_BUFFERS must be auto or a size such as 32MB",
    );
  });

  it("opens with the smallest pool and keeps no size while the indexes are small", { timeout: 120_000 }, async () => {
    await withDatabase("auto", async (database) => {
      expect(await poolOf(database)).toBe("32MB");
      // Both embedding sizes' partial HNSW indexes exist (empty): the catalogue query reads real relations.
      expect(await indexBytes(database)).toBeGreaterThan(0);
    });
    expect(existsSync(hintFile)).toBe(false);
  });

  it("grows the pool on the start that finds larger indexes, and the next start opens with it", async () => {
    // The indexes here are small: a larger factor stands for a knowledge base's index outgrowing the pool.
    const bytes = await withDatabase("auto", indexBytes);
    PGLITE_POOL.indexFactor = (64 * 1024 * 1024) / bytes;
    await withDatabase("auto", async (database) => expect(await poolOf(database)).toBe("64MB"));
    expect(readFileSync(hintFile, "utf8").trim()).toBe("64MB");
    await withDatabase("auto", async (database) => expect(await poolOf(database)).toBe("64MB"));
  }, 120_000);

  it("shrinks it from the next start once the indexes are smaller again", async () => {
    writeFileSync(hintFile, "64MB\n");
    await withDatabase("auto", async (database) => expect(await poolOf(database)).toBe("64MB"));
    expect(readFileSync(hintFile, "utf8").trim()).toBe("32MB");
    await withDatabase("auto", async (database) => expect(await poolOf(database)).toBe("32MB"));
  }, 120_000);

  it("ignores a kept size that is not one it gives, and a set size leaves the kept one alone", async () => {
    for (const kept of ["everything", "999GB", "1MB"]) {
      writeFileSync(hintFile, `${kept}\n`);
      await withDatabase("auto", async (database) => expect(await poolOf(database)).toBe("32MB"));
    }
    writeFileSync(hintFile, "64MB\n");
    await withDatabase("48MB", async (database) => expect(await poolOf(database)).toBe("48MB"));
    expect(readFileSync(hintFile, "utf8").trim()).toBe("64MB");
  }, 120_000);
});
