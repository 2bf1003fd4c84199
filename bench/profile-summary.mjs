// Summarises a CPU profile of the built server (bench/cpu-profile.mjs, BENCH_PROFILE=1): busy time (samples
// outside "(idle)") by source — Node's internals by module, the bundle's code mapped through its source maps to
// our files and to packages — then our own source lines by self time, and, with a third argument, the frames
// whose location contains it by inclusive time (within one synchronous stack: time after an await is not
// counted to the caller).
//   node bench/profile-summary.mjs /tmp/prof/<pid>-0.cpuprofile [rows=30] [inclusive filter, e.g. src/]
// Samples are wall-clock: a thread inside a system call is sampled there whether or not the CPU is busy for it
// (on this machine's PVM guest a socket write is sampled far more than /proc's CPU time accounts for).
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";

const [file, rowsArg, inclusive] = process.argv.slice(2);
if (!file) throw new Error("usage: profile-summary.mjs <profile> [rows] [inclusive filter]");
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, "utf8"));
const maps = new Map();
function mapOf(url) {
  if (!url.includes("/dist/server/")) return null;
  const path = url.replace("file://", "");
  if (!maps.has(path))
    maps.set(path, existsSync(`${path}.map`) ? new SourceMap(JSON.parse(readFileSync(`${path}.map`, "utf8"))) : null);
  return maps.get(path);
}
/** Where a frame comes from: { file, line } in the sources, or null outside the bundle. */
function origin(frame) {
  const entry = mapOf(frame.url ?? "")?.findEntry(frame.lineNumber, frame.columnNumber);
  if (!entry?.originalSource) return null;
  return { file: entry.originalSource.replace(/.*?(node_modules\/|src\/)/, "$1"), line: entry.originalLine + 1 };
}
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
let busy = 0;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  if (nodes.get(id).callFrame.functionName === "(idle)") return;
  busy += dt;
  self.set(id, (self.get(id) ?? 0) + dt);
});
const label = new Map();
const source = new Map();
for (const n of profile.nodes) {
  const f = n.callFrame;
  const o = origin(f);
  label.set(
    n.id,
    o ? `${o.file}:${o.line}` : `${f.functionName || "(anonymous)"} ${(f.url ?? "").replace(/.*\//, "")}`,
  );
  source.set(
    n.id,
    o
      ? o.file.replace(/^node_modules\/((?:@[^/]+\/)?[^/]+).*/, "package $1")
      : f.url
        ? f.url.replace(/^node:internal\//, "node:")
        : `(native) ${f.functionName}`,
  );
}
const sum = (key, ids) => {
  const totals = new Map();
  for (const [id, t] of ids) totals.set(key(id), (totals.get(key(id)) ?? 0) + t);
  return [...totals].sort((a, b) => b[1] - a[1]);
};
const pct = (t) => `${((100 * t) / busy).toFixed(1).padStart(5)} %`;
console.log(`busy ${(busy / 1e6).toFixed(2)} s of ${profile.samples.length} samples`);
console.log("by source (self time):");
for (const [k, t] of sum((id) => source.get(id), self).slice(0, rows)) console.log(`  ${pct(t)} ${k}`);
console.log("our source lines (self time):");
for (const [k, t] of sum((id) => label.get(id), self)
  .filter(([k]) => k.startsWith("src/"))
  .slice(0, rows))
  console.log(`  ${pct(t)} ${k}`);
if (inclusive) {
  const totals = new Map();
  for (const [id, t] of self) {
    const seen = new Set();
    for (let c = id; c !== undefined; c = parent.get(c)) {
      const k = label.get(c);
      if (!k.includes(inclusive) || seen.has(k)) continue;
      seen.add(k);
      totals.set(k, (totals.get(k) ?? 0) + t);
    }
  }
  console.log(`frames containing "${inclusive}" (inclusive time):`);
  for (const [k, t] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, rows)) console.log(`  ${pct(t)} ${k}`);
}
