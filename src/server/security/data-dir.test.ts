// DATA_DIR is private to the server's user: folders 0700, files 0600 (issue 10 #13, decision 025).
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as dbClient from "../db/client";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LocalBlobStore } from "../storage/local-store";
import { secureDataDir } from "./data-dir";
import { loadMasterKey } from "./secrets";

/** Every folder and file under `root` (root included) with its permission bits. */
function modes(root: string): Array<{ path: string; dir: boolean; mode: number }> {
  const stat = lstatSync(root);
  const here = { path: root, dir: stat.isDirectory(), mode: stat.mode & 0o777 };
  return stat.isDirectory() ? [here, ...readdirSync(root).flatMap((e) => modes(path.join(root, e)))] : [here];
}

function expectPrivate(root: string) {
  const all = modes(root);
  expect(all.filter((e) => !e.dir).length).toBeGreaterThan(0);
  for (const e of all)
    expect({ path: e.path, mode: e.mode.toString(8) }).toEqual({ path: e.path, mode: e.dir ? "700" : "600" });
}

// Not about the database kind: run once, in the PGlite project.
describe.skipIf(process.env.TEST_DB === "postgres")("DATA_DIR permissions", () => {
  it(
    "security #13: the embedded database, uploaded files and the master key are created private",
    { timeout: 180_000 },
    async () => {
      const root = mkdtempSync(path.join(os.tmpdir(), "sb-perm-"));
      try {
        const dataDir = path.join(root, "data");
        secureDataDir(dataDir);
        // openDatabase leaves the worker's shared database (db()) alone (decision 037).
        const database = await dbClient.openDatabase({ dataDir });
        try {
          await database.db.execute(sql`create table perm_probe (x int)`);
          await database.db.execute(sql`insert into perm_probe values (1)`);
        } finally {
          await database.close();
        }
        const key = loadMasterKey({ dataDir });
        await new LocalBlobStore(dataDir, key).put(
          "org/o1/uploads/u1/report.txt",
          new TextEncoder().encode("hello"),
          "text/plain",
        );
        expectPrivate(dataDir);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  );

  it("security #13: content an earlier version left readable to others is made private at start-up", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sb-perm-old-"));
    mkdirSync(path.join(dataDir, "pglite/base"), { recursive: true });
    mkdirSync(path.join(dataDir, "files/org/o1"), { recursive: true });
    writeFileSync(path.join(dataDir, "pglite/base/1259"), "table");
    writeFileSync(path.join(dataDir, "files/org/o1/a.txt"), "file");
    writeFileSync(path.join(dataDir, "secret.key"), "key");
    for (const e of modes(dataDir)) chmodSync(e.path, e.dir ? 0o755 : 0o644);
    secureDataDir(dataDir);
    expectPrivate(dataDir);
    rmSync(dataDir, { recursive: true, force: true });
  });
});
