// DATA_DIR holds the embedded database, the uploaded files and the master key: only the server's
// own user may read it (issue 10 #13, decision 025). From start-up on, everything the process creates
// is private (umask 077: folders 0700, files 0600). Content left by an earlier version with looser
// modes is tightened once: a DATA_DIR that is not already 0700 is walked and every folder set to 0700,
// every file to 0600. PGlite sets its files' modes itself (0666, whatever the umask), so the database
// client also tightens its folder when it opens and closes it; in between, those files sit in 0700
// folders that no other user can enter.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { log } from "../logger";

export const PRIVATE_UMASK = 0o077;

export function secureDataDir(dataDir: string) {
  try {
    process.umask(PRIVATE_UMASK);
  } catch {
    // Worker threads cannot change the umask; the walk below still tightens what exists.
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  try {
    if ((lstatSync(dataDir).mode & 0o777) !== 0o700) makePrivate(dataDir);
  } catch (err) {
    // A volume owned by another user: serve anyway, but say so.
    log.warn("could not make DATA_DIR private", { dataDir, error: (err as Error).message });
  }
}

/** Folders 0700 and files 0600, from `target` down. */
export function makePrivate(target: string) {
  const stat = lstatSync(target);
  if (stat.isSymbolicLink()) return; // never follow a link out of DATA_DIR
  if (stat.isDirectory()) {
    for (const entry of readdirSync(target)) makePrivate(path.join(target, entry));
    chmodSync(target, 0o700); // last, so a failure above leaves the folder to be walked again
  } else if ((stat.mode & 0o777) !== 0o600) {
    chmodSync(target, 0o600);
  }
}
