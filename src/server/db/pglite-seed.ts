// A new DATA_DIR starts from the build's migrated, empty PGlite directory (scripts/pglite-seed.mjs,
// decision 106) instead of running initdb and every migration in WebAssembly.
import { cpSync, existsSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { pgliteVersion } from "../../../scripts/pglite-seed.mjs";
import { log } from "../logger";

function seedFolder(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "dist/pglite-seed");
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  return null;
}

/** Copies the seed into `folder` when `folder` does not exist yet; false when there is no usable seed. */
export function copyPgliteSeed(folder: string, seed = seedFolder()): boolean {
  if (existsSync(folder)) return false;
  if (!seed || !existsSync(path.join(seed, "seed.json"))) return false;
  const made = JSON.parse(readFileSync(path.join(seed, "seed.json"), "utf8")) as { pglite?: string };
  // Another PGlite may not read this one's files: then initdb runs as without a seed.
  if (made.pglite !== pgliteVersion()) {
    log.info("PGlite seed skipped: made by another PGlite version", { seed: made.pglite });
    return false;
  }
  // Copied under another name and renamed, so a start killed mid-copy leaves no half database behind.
  const partial = `${folder}.seeding`;
  rmSync(partial, { recursive: true, force: true });
  cpSync(path.join(seed, "pglite"), partial, { recursive: true });
  renameSync(partial, folder);
  return true;
}
