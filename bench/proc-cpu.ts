// CPU time of processes from /proc (Linux): the servers under test by pid, and PostgreSQL's backends
// serving one database (their title names it: "postgres: user db host(port) state"). Contention on a
// shared machine stretches wall time but much less CPU time, so CPU per operation is the robust measure.
import { readdirSync, readFileSync } from "node:fs";

const TICK_MS = 10; // CLK_TCK is 100 on Linux

/** utime + stime of `pid` in ms, or null when it is gone (or not Linux). */
export function cpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command (which may hold spaces) start at the last ")".
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** Each live PostgreSQL backend of `database` (by its process title) with its CPU so far. */
export function backendCpu(database: string): Map<number, number> {
  const out = new Map<number, number>();
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const p of pids) {
    try {
      const title = readFileSync(`/proc/${p}/cmdline`, "utf8").replace(/\0/g, " ");
      if (!title.startsWith("postgres: ") || title.split(" ")[2] !== database) continue;
      const ms = cpuMs(Number(p));
      if (ms !== null) out.set(Number(p), ms);
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

/** CPU the backends used since `before` (backends that started since count from 0; ones that ended are lost). */
export function backendCpuSince(database: string, before: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of backendCpu(database)) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** The machine's busy and idle CPU so far, in ms summed over its cores (/proc/stat). */
export function machineCpu(): { busy: number; idle: number } {
  try {
    const f = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const idle = (f[3] ?? 0) + (f[4] ?? 0);
    const all = f.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: (all - idle) * TICK_MS, idle: idle * TICK_MS };
  } catch {
    return { busy: NaN, idle: NaN };
  }
}
