// The files a Python run left in its working directory. The tree was written by untrusted code running
// as another uid: symlinks and special files are skipped, never followed, and the walk is bounded.
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";

export interface SandboxFile {
  /** Path relative to the working directory, with forward slashes. */
  name: string;
  size: number;
}

export const MAX_LISTED_FILES = 100;
const MAX_DEPTH = 5;

export async function listOutputFiles(workDir: string): Promise<SandboxFile[]> {
  const files: SandboxFile[] = [];
  async function walk(dir: string, depth: number) {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (files.length >= MAX_LISTED_FILES) return;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && depth < MAX_DEPTH) await walk(full, depth + 1);
      else if (entry.isFile()) {
        const stat = await lstat(full).catch(() => null);
        if (stat?.isFile())
          files.push({ name: path.relative(workDir, full).split(path.sep).join("/"), size: stat.size });
      }
    }
  }
  await walk(workDir, 0);
  return files;
}
