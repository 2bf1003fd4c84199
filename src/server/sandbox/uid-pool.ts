// Sandbox uids: RLIMIT_NPROC counts processes per uid machine-wide, so concurrent runs need distinct
// uids, and a uid goes back to the pool only once no process of it is left (a killed run's processes
// can take a moment to be torn down, and would otherwise eat the next run's process budget).
import { readdirSync, readFileSync } from "node:fs";

const inUse = new Set<number>();
const RELEASE_POLL_MS = 100;
const RELEASE_GIVE_UP_MS = 60_000;

/**
 * A uid of the range that neither this process nor any other on the machine is running anything as:
 * several server processes share a host (`npm start`'s workers, decision 093; replicas side by side).
 */
export function takeUid(base: number, count: number): number | null {
  for (let uid = base; uid < base + count; uid++) {
    if (!inUse.has(uid) && processesOf(uid) === 0) {
      inUse.add(uid);
      return uid;
    }
  }
  return null;
}

/** How many processes (zombies included) run as `uid` on this machine. */
export function processesOf(uid: number): number {
  const line = new RegExp(`^Uid:\\s+${uid}\\s`, "m");
  let n = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (line.test(readFileSync(`/proc/${pid}/status`, "utf8"))) n++;
    } catch {
      /* exited meanwhile */
    }
  }
  return n;
}

/** Resolves once `uid` has no process left (or false after a minute, leaving it out of the pool). */
export async function releaseUid(uid: number): Promise<boolean> {
  for (let waited = 0; waited < RELEASE_GIVE_UP_MS; waited += RELEASE_POLL_MS) {
    if (processesOf(uid) === 0) {
      inUse.delete(uid);
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, RELEASE_POLL_MS).unref());
  }
  return false;
}
