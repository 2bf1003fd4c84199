// A migrated, empty PGlite data directory made at build time (dist/pglite-seed). A first start on a new
// DATA_DIR copies it instead of running initdb and every migration in WebAssembly, which took 8 s on a
// quiet machine and 20 s on a busy one (issue 18, decision 106). The server still migrates after the
// copy, so a seed older than the migrations is only slower, never wrong.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** PGlite's version: a seed is used only by the PGlite that made it. */
export function pgliteVersion() {
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  for (;;) {
    const file = path.join(dir, "package.json");
    if (existsSync(file)) {
      const pkg = JSON.parse(readFileSync(file, "utf8"));
      if (pkg.name === "@electric-sql/pglite") return pkg.version;
    }
    if (dir === path.dirname(dir)) throw new Error("@electric-sql/pglite's package.json was not found");
    dir = path.dirname(dir);
  }
}

export async function buildPgliteSeed(outDir = "dist/pglite-seed", migrationsFolder = "src/server/db/migrations") {
  const { PGlite } = await import("@electric-sql/pglite");
  const { vector } = await import("@electric-sql/pglite-pgvector");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const tmp = `${outDir}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const client = await PGlite.create(path.join(tmp, "pglite"), { extensions: { vector } });
  await migrate(drizzle({ client }), { migrationsFolder });
  await client.close();
  writeFileSync(
    path.join(tmp, "seed.json"),
    JSON.stringify({ pglite: pgliteVersion(), made: new Date().toISOString() }) + "\n",
  );
  rmSync(outDir, { recursive: true, force: true });
  renameSync(tmp, outDir);
}
