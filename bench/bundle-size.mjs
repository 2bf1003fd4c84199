// Initial JavaScript of /chat, gzip: the entry chunk and its static imports, plus the chat route's
// lazily loaded chunk and its static imports (what a cold load of /chat fetches before it can render).
// Builds first unless --no-build. Goal (issue 4): ≤ 250 KB.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

if (!process.argv.includes("--no-build")) execFileSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
const dist = "dist/client";
const manifest = JSON.parse(readFileSync(`${dist}/.vite/manifest.json`, "utf8"));

function collect(key, seen) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return;
  seen.add(key);
  for (const dep of chunk.imports ?? []) collect(dep, seen);
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const route = Object.keys(manifest).find((k) => k.endsWith("features/chat/chat-page.tsx"));
if (!entry || !route) throw new Error("entry or chat route not found in the Vite manifest");
const seen = new Set();
collect(entry, seen);
collect(route, seen);

const rows = [...seen].map((key) => {
  const bytes = readFileSync(`${dist}/${manifest[key].file}`);
  return { chunk: manifest[key].file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
const total = rows.reduce((a, r) => ({ raw: a.raw + r.raw, gzip: a.gzip + r.gzip }), { raw: 0, gzip: 0 });
const kb = (n) => (n / 1024).toFixed(1);
for (const r of rows.sort((a, b) => b.gzip - a.gzip))
  console.log(`${kb(r.gzip).padStart(8)} KB gzip  ${kb(r.raw).padStart(8)} KB raw  ${r.chunk}`);
console.log(
  `\n/chat initial JS: ${kb(total.gzip)} KB gzip (${kb(total.raw)} KB raw) in ${rows.length} chunks — goal ≤ 250 KB: ${total.gzip <= 250 * 1024 ? "met" : "NOT met"}`,
);
