// Builds when the build is missing or older than the sources (`npm start`, `npm run cluster`).
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

export function ensureBuild() {
  const stamp = "dist/.build-stamp";
  const sources = Math.max(
    newestMtime("src"),
    ...["package-lock.json", "vite.config.ts", "index.html"].filter(existsSync).map((f) => statSync(f).mtimeMs),
  );
  if (!existsSync(stamp) || statSync(stamp).mtimeMs < sources) {
    console.log("Building Switchboard…");
    execFileSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
  }
}
