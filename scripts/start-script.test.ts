// `npm start` runs package.json's start script through sh: the server must get glibc's fixed mmap threshold
// (decision 132) unless the operator set one, and its V8 flags, as one process (exec, no wrapper left).
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const script = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start;

/** Runs the start script with a `node` stub first on PATH that prints what it was given, and its pid. */
function runStart(env: Record<string, string> = {}) {
  const bin = mkdtempSync(path.join(os.tmpdir(), "start-stub-"));
  writeFileSync(path.join(bin, "node"), '#!/bin/sh\necho "pid=$$ mmap=${MALLOC_MMAP_THRESHOLD_-unset} args=$*"\n');
  chmodSync(path.join(bin, "node"), 0o755);
  const base = { ...process.env };
  delete base.MALLOC_MMAP_THRESHOLD_;
  const out = execFileSync("sh", ["-c", `echo "sh=$$"; ${script}`], {
    env: { ...base, ...env, PATH: `${bin}:${process.env.PATH}` },
    encoding: "utf8",
  });
  const sh = /sh=(\d+)/.exec(out)![1];
  const node = /pid=(\d+) mmap=(\S+) args=(.*)/.exec(out)!;
  return { samePid: sh === node[1], mmap: node[2], args: node[3]!.trim() };
}

describe("npm start's script", () => {
  it("starts the server with a fixed 128 KiB mmap threshold, its V8 flags, in the shell's own process", () => {
    const r = runStart();
    expect(r.mmap).toBe("131072");
    expect(r.args).toBe("--max-semi-space-size=8 scripts/start.mjs");
    expect(r.samePid).toBe(true);
  });

  it("keeps an mmap threshold the operator set", () => {
    expect(runStart({ MALLOC_MMAP_THRESHOLD_: "262144" }).mmap).toBe("262144");
  });
});
