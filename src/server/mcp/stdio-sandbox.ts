// How a stdio MCP server runs: in the host's shared isolation (server/sandbox/isolation.ts), as its own
// unprivileged uid from a pool, with no network unless the operator allows it (MCP_STDIO_NETWORK), an
// environment of PATH, HOME and the admin's checked variables only, a private /tmp as home and working
// folder, and of the host only /usr and the folders the allow-list check named, read-only. DATA_DIR is
// never shown: a folder shown that holds it gets an empty folder laid over it. Without root and
// bubblewrap stdio servers are refused rather than run bare.
import { realpathSync } from "node:fs";
import path from "node:path";
import { AppError } from "../errors";
import { isolatedCommand, isolationUnavailableReason } from "../sandbox/isolation";
import { releaseUid, takeUid } from "../sandbox/uid-pool";
import { isInside, type StdioPlan } from "./stdio-allowlist";

export const MCP_STDIO_LIMITS = {
  /** V8 reserves far more address space than it uses: Node does not start under 2 GiB. */
  memoryBytes: 4 * 1024 ** 3,
  maxProcesses: 256,
  maxOpenFiles: 1024,
  maxFileBytes: 50 * 1024 * 1024,
  tmpBytes: 64 * 1024 * 1024,
  /** After the Python sandbox's 20000–20099, so the two never share a uid's process budget. */
  uidBase: 20100,
  uidCount: 100,
};

const PATH = "/usr/local/bin:/usr/bin:/bin";

export function stdioSandboxUnavailable(): string | null {
  const reason = isolationUnavailableReason("isolating stdio MCP servers");
  return reason && `Stdio MCP servers cannot run on this server: ${reason}`;
}

export interface StdioLaunch {
  command: string;
  args: string[];
  uid: number;
  /** Gives the uid back once no process of it is left; safe to call more than once. */
  release: () => void;
}

/** bwrap creates the folders above a bind 0700 (root's only): the sandbox's uid must pass through them. */
function parentFolders(mounts: Array<[string, string]>): string[] {
  const dests = mounts.map(([, dest]) => dest);
  const parents = new Set<string>();
  for (const dest of dests) {
    for (let dir = path.dirname(dest); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      if (!dests.some((d) => isInside(dir, d))) parents.add(dir);
    }
  }
  return [...parents].sort((a, b) => a.length - b.length).flatMap((dir) => ["--perms", "0755", "--dir", dir]);
}

/** Where DATA_DIR shows through a read-only folder (or /usr), to be covered with an empty tmpfs. */
function dataDirMasks(mounts: Array<[string, string]>, dataDir: string | undefined): string[] {
  let real: string;
  try {
    real = realpathSync(dataDir ?? "");
  } catch {
    return [];
  }
  return [["/usr", "/usr"] as [string, string], ...mounts]
    .filter(([src]) => isInside(real, src))
    .flatMap(([src, dest]) => ["--tmpfs", path.join(dest, path.relative(src, real))]);
}

export function launchStdio(
  plan: StdioPlan,
  env: Record<string, string>,
  opts: { network: boolean; dataDir?: string },
): StdioLaunch {
  const unavailable = stdioSandboxUnavailable();
  if (unavailable) throw new AppError("bad_request", unavailable);
  const l = MCP_STDIO_LIMITS;
  const uid = takeUid(l.uidBase, l.uidCount);
  if (uid === null)
    throw new AppError(
      "bad_request",
      `Too many stdio MCP servers are running at once (${l.uidCount}); try again shortly`,
    );
  const mounts = [
    ...parentFolders(plan.mounts),
    ...plan.mounts.flatMap(([src, dest]) => ["--ro-bind", src, dest]),
    ...dataDirMasks(plan.mounts, opts.dataDir),
  ];
  const [command, ...args] = isolatedCommand(
    {
      uid,
      limits: l,
      hostname: "mcp",
      network: opts.network,
      env: { ...env, PATH, HOME: "/tmp" },
      mounts,
      chdir: "/tmp",
    },
    [plan.program, ...plan.args],
  );
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    void releaseUid(uid);
  };
  return { command: command!, args, uid, release };
}
