// What every sandboxed program on this host runs inside (execute_python, stdio MCP servers):
//   prlimit (address space, processes, open files, file size, no core; CPU seconds when asked)
//   → bwrap (new pid/ipc/uts namespaces and, unless asked otherwise, no network; read-only /usr and a
//     few /etc files, private /proc /dev /tmp, empty environment; dies with its parent)
//   → setpriv (an unprivileged uid, no capabilities, no new privileges) → the program.
// Nothing of the host is visible beyond that unless the caller binds it. Needs root (to build the
// namespaces and switch uid) and bubblewrap; callers refuse to run without them rather than run bare.
import { existsSync, lstatSync } from "node:fs";

/** Mutable only so a test can point a binary elsewhere to prove the refusal when one is missing. */
export const SANDBOX_BIN = {
  timeout: "/usr/bin/timeout",
  prlimit: "/usr/bin/prlimit",
  bwrap: "/usr/bin/bwrap",
  setpriv: "/usr/bin/setpriv",
};

/** Why `what` cannot run isolated on this host, or null when it can. */
export function isolationUnavailableReason(what: string, extraBins: string[] = []): string | null {
  if (process.platform !== "linux") return `${what} needs Linux`;
  if (process.getuid?.() !== 0) return `${what} needs the server to run as root to isolate runs`;
  const missing = [...Object.values(SANDBOX_BIN), ...extraBins].filter((bin) => !existsSync(bin));
  return missing.length ? `missing ${missing.join(", ")} (install bubblewrap and util-linux)` : null;
}

export interface IsolationLimits {
  memoryBytes: number;
  maxProcesses: number;
  maxOpenFiles: number;
  maxFileBytes: number;
  tmpBytes: number;
  /** Omitted for long-lived programs (an MCP server lives as long as a reply). */
  cpuSeconds?: number;
}

export interface IsolationOptions {
  uid: number;
  limits: IsolationLimits;
  hostname: string;
  /** Share the host's network (and show the files name resolution and TLS need). Off: none at all. */
  network?: boolean;
  /** The program's whole environment. */
  env: Record<string, string>;
  /** Extra bwrap mount arguments, applied after the base file system (binds, masks). */
  mounts: string[];
  chdir: string;
}

/** /lib, /bin … are symlinks into /usr on merged-/usr systems and directories elsewhere. */
function rootLinks(): string[] {
  return ["bin", "sbin", "lib", "lib32", "lib64", "libx32"].flatMap((name) => {
    const p = `/${name}`;
    if (!existsSync(p)) return [];
    const stat = lstatSync(p);
    return stat.isSymbolicLink() ? ["--symlink", `usr/${name}`, p] : ["--ro-bind", p, p];
  });
}

const ETC = ["/etc/alternatives", "/etc/ld.so.cache", "/etc/localtime"];
const ETC_NETWORK = [
  "/etc/resolv.conf",
  "/etc/hosts",
  "/etc/nsswitch.conf",
  "/etc/gai.conf",
  "/etc/ssl",
  "/etc/ca-certificates",
];

/** The command line that runs `program` isolated (spawn it with an empty environment). */
export function isolatedCommand(o: IsolationOptions, program: string[]): string[] {
  const l = o.limits;
  const etc = o.network ? [...ETC, ...ETC_NETWORK] : ETC;
  return [
    SANDBOX_BIN.prlimit,
    `--as=${l.memoryBytes}`,
    ...(l.cpuSeconds ? [`--cpu=${l.cpuSeconds}:${l.cpuSeconds + 1}`] : []),
    `--nproc=${l.maxProcesses}`,
    `--nofile=${l.maxOpenFiles}`,
    `--fsize=${l.maxFileBytes}`,
    "--core=0",
    "--",
    SANDBOX_BIN.bwrap,
    ...(o.network ? [] : ["--unshare-net"]),
    "--unshare-pid",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-cgroup-try",
    "--hostname",
    o.hostname,
    "--die-with-parent",
    "--new-session",
    "--clearenv",
    "--ro-bind",
    "/usr",
    "/usr",
    ...rootLinks(),
    "--perms",
    "0755",
    "--dir",
    "/etc",
    ...etc.flatMap((p) => ["--ro-bind-try", p, p]),
    "--proc",
    "/proc",
    "--dev",
    "/dev",
    "--perms",
    "1777",
    "--size",
    String(l.tmpBytes),
    "--tmpfs",
    "/tmp",
    ...o.mounts,
    "--chdir",
    o.chdir,
    ...Object.entries(o.env).flatMap(([k, v]) => ["--setenv", k, v]),
    "--",
    SANDBOX_BIN.setpriv,
    `--reuid=${o.uid}`,
    `--regid=${o.uid}`,
    "--clear-groups",
    "--inh-caps=-all",
    "--bounding-set=-all",
    "--no-new-privs",
    "--",
    ...program,
  ];
}
