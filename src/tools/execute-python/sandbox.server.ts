// The Python sandbox (docs: /work/shared/RECIPES.md): `timeout -s KILL` around the host's shared
// isolation (server/sandbox/isolation.ts: prlimit → bwrap without network → setpriv) with a CPU limit,
// the run's own folder as the working dir, and /usr/bin/python3 -I reading the code on stdin.
// The process limit counts per uid machine-wide and root ignores it, so every concurrent run gets its
// own uid from a small pool. Needs root (to set up namespaces and switch uid) and bubblewrap; without
// them runs fail closed with a clear message rather than run unisolated.
import { spawn } from "node:child_process";
import { chown, mkdtemp, rm } from "node:fs/promises";
import { constants as osConstants, tmpdir } from "node:os";
import path from "node:path";
import { listOutputFiles, type SandboxFile } from "./output-files.server";
import { isolatedCommand, isolationUnavailableReason, SANDBOX_BIN } from "../../server/sandbox/isolation";
import { releaseUid, takeUid } from "../../server/sandbox/uid-pool";

export const PYTHON_LIMITS = {
  timeoutSeconds: 30,
  cpuSeconds: 30,
  memoryBytes: 1024 ** 3,
  maxProcesses: 64,
  maxOpenFiles: 256,
  maxFileBytes: 50 * 1024 * 1024,
  tmpBytes: 64 * 1024 * 1024,
  maxOutputBytes: 64 * 1024,
  uidBase: 20000,
  uidCount: 100,
};
export type PythonLimits = typeof PYTHON_LIMITS;

export interface PythonRunResult {
  stdout: string;
  stderr: string;
  /** Exit status; 128+N when killed by signal N (bwrap's convention). */
  exitCode: number;
  timedOut: boolean;
  cpuLimitExceeded: boolean;
  durationMs: number;
  /** Regular files the code left in its working directory. */
  files: SandboxFile[];
}

export interface PythonRunOptions {
  signal?: AbortSignal;
  limits?: Partial<PythonLimits>;
  /** Called with the working dir before it is deleted (the future blob upload). Must not follow symlinks. */
  collect?: (workDir: string, files: SandboxFile[]) => Promise<void>;
}

export class SandboxUnavailableError extends Error {}

const PYTHON = "/usr/bin/python3";
const SIGKILL_EXIT = 137;
const SIGXCPU_EXIT = 152;

export function sandboxUnavailableReason(): string | null {
  return isolationUnavailableReason("the Python sandbox", [PYTHON]);
}

export function sandboxCommand(workDir: string, uid: number, l: PythonLimits): string[] {
  const env = {
    HOME: "/sandbox",
    PATH: "/usr/bin:/bin",
    LANG: "C.UTF-8",
    USER: "sandbox",
    LOGNAME: "sandbox",
    TMPDIR: "/tmp",
    MPLBACKEND: "Agg",
    MPLCONFIGDIR: "/tmp",
  };
  return [
    SANDBOX_BIN.timeout,
    "-s",
    "KILL",
    String(l.timeoutSeconds),
    ...isolatedCommand(
      { uid, limits: l, hostname: "sandbox", env, mounts: ["--bind", workDir, "/sandbox"], chdir: "/sandbox" },
      [PYTHON, "-I", "-"],
    ),
  ];
}

class CappedOutput {
  private chunks: Buffer[] = [];
  private kept = 0;
  private dropped = 0;
  constructor(private readonly max: number) {}
  push(chunk: Buffer) {
    const take = Math.min(Math.max(0, this.max - this.kept), chunk.length);
    if (take) this.chunks.push(chunk.subarray(0, take));
    this.kept += take;
    this.dropped += chunk.length - take;
  }
  text(): string {
    const text = Buffer.concat(this.chunks).toString("utf8");
    return this.dropped ? `${text}\n[Output truncated: ${this.dropped} more bytes]` : text;
  }
}

export async function runPython(code: string, opts: PythonRunOptions = {}): Promise<PythonRunResult> {
  const unavailable = sandboxUnavailableReason();
  if (unavailable) throw new SandboxUnavailableError(unavailable);
  const limits = { ...PYTHON_LIMITS, ...opts.limits };
  const uid = takeUid(limits.uidBase, limits.uidCount);
  if (uid === null)
    throw new SandboxUnavailableError(`too many Python runs at once (${limits.uidCount}); try again shortly`);
  let workDir: string | undefined;
  try {
    workDir = await mkdtemp(path.join(tmpdir(), "switchboard-python-"));
    await chown(workDir, uid, uid);
    const [cmd, ...args] = sandboxCommand(workDir, uid, limits);
    const started = performance.now();
    const stdout = new CappedOutput(limits.maxOutputBytes);
    const stderr = new CappedOutput(limits.maxOutputBytes);
    const child = spawn(cmd!, args, { env: {}, stdio: ["pipe", "pipe", "pipe"] });
    let backstopFired = false;
    // timeout(1) is the limit; this only matters if timeout itself is stuck.
    const backstop = setTimeout(
      () => {
        backstopFired = true;
        child.kill("SIGKILL");
      },
      (limits.timeoutSeconds + 2) * 1000,
    );
    const onAbort = () => child.kill("SIGKILL"); // bwrap --die-with-parent takes the sandbox down with it
    opts.signal?.addEventListener("abort", onAbort, { once: true });
    if (opts.signal?.aborted) onAbort();
    child.stdout.on("data", (c: Buffer) => stdout.push(c));
    child.stderr.on("data", (c: Buffer) => stderr.push(c));
    child.stdin.on("error", () => {}); // the program may exit before reading all of its code
    child.stdin.end(code);
    const exitCode = await new Promise<number>((resolve, reject) => {
      child.on("error", reject);
      child.on("close", (status, signal) => resolve(status ?? 128 + (signal ? osConstants.signals[signal] : 0)));
    }).finally(() => {
      clearTimeout(backstop);
      opts.signal?.removeEventListener("abort", onAbort);
    });
    const durationMs = Math.round(performance.now() - started);
    const timedOut = backstopFired || (exitCode === SIGKILL_EXIT && durationMs >= limits.timeoutSeconds * 1000 - 50);
    const files = await listOutputFiles(workDir);
    if (opts.collect) await opts.collect(workDir, files);
    return {
      stdout: stdout.text(),
      stderr: stderr.text(),
      exitCode,
      timedOut,
      cpuLimitExceeded: exitCode === SIGXCPU_EXIT,
      durationMs,
      files,
    };
  } finally {
    // In the background, once the run's last process is gone (a killed run's teardown can lag a moment):
    // the uid goes back to the pool and the folder is removed with nothing left writing into it.
    const dir = workDir;
    void releaseUid(uid).finally(() => dir && rm(dir, { recursive: true, force: true }).catch(() => {}));
  }
}
