// Summarises an on-CPU profile of the built server taken with Linux perf (session 29): unlike the V8 sampler of
// bench/cpu-profile.mjs, which samples wall-clock time (a thread descheduled in a socket write counts there),
// perf samples only what runs on a core, kernel included. The server runs with node's jitdump
// (`BENCH_NODE_FLAGS="--perf-prof --perf-prof-unwinding-info --interpreted-frames-native-stack"`, which
// writes jit-<pid>.dump and jitted-*.so files into the working directory: delete them after), then:
//   perf record -k mono -F 2000 -g -p <server pid> -o /tmp/perf.data -- sleep 10
//   perf inject --jit -i /tmp/perf.data -o /tmp/perf.jit.data
//   perf script -i /tmp/perf.jit.data > /tmp/perf.txt
//   node bench/perf-summary.mjs /tmp/perf.txt [rows=40] [stack filter]
// It prints samples by owner — the first JavaScript frame from the leaf, mapped through the bundle's source
// maps to our files and to packages (samples without one: garbage collection, or the kernel and libuv) —
// then JavaScript frames by inclusive share (within one synchronous stack). The bundle must be the one
// profiled (a rebuild changes its chunk names).
import { existsSync, readFileSync } from "node:fs";
import { SourceMap } from "node:module";

const [file, rowsArg, filter] = process.argv.slice(2);
if (!file) throw new Error("usage: perf-summary.mjs <perf script output> [rows] [stack filter]");
const rows = Number(rowsArg ?? 40);
const maps = new Map();
/** file:line:col of a bundle frame → "src/…:line" or "pkg name"; node:internal frames by module. */
function owner(frame, withLine = false) {
  const m = frame.match(/(file:\/\/\/\S+?\.js):(\d+):(\d+)/);
  if (m) {
    const path = m[1].replace("file://", "");
    if (!maps.has(path))
      maps.set(path, existsSync(`${path}.map`) ? new SourceMap(JSON.parse(readFileSync(`${path}.map`, "utf8"))) : null);
    const e = maps.get(path)?.findEntry(Number(m[2]) - 1, Number(m[3]) - 1);
    if (!e?.originalSource) return "(bundle, unmapped)";
    const f = e.originalSource.replace(/.*?(node_modules\/|src\/)/, "$1");
    if (f.startsWith("node_modules/"))
      return withLine
        ? `${f.slice(13)}:${e.originalLine + 1}`
        : `pkg ${f.replace(/^node_modules\/((?:@[^/]+\/)?[^/]+).*/, "$1")}`;
    return withLine ? `${f}:${e.originalLine + 1}` : f;
  }
  const n = frame.match(/ (node:\S+?):(\d+):\d+/);
  if (n) return withLine ? `${n[1]}:${n[2]}` : n[1].replace(/^node:internal\//, "node:");
  return null;
}
const self = new Map();
const incl = new Map();
let total = 0;
for (const block of readFileSync(file, "utf8").split(/\n\n+/)) {
  const lines = block.split("\n").filter(Boolean);
  if (lines.length < 2 || (filter && !block.includes(filter))) continue;
  total++;
  const frames = lines.slice(1).map((l) => l.trim());
  let cat = null;
  const seen = new Set();
  for (const f of frames) {
    const o = owner(f);
    if (o && !cat) cat = o;
    if (!/ JS:/.test(` ${f.replace(/^\S+\s+/, "")}`)) continue;
    const name = `${f
      .replace(/^\S+\s+/, "")
      .replace(/\+0x[0-9a-f]+\s+\(.*$/, "")
      .replace(/\s+\S+:\d+:\d+$/, "")} ${owner(f, true) ?? ""}`;
    seen.add(name);
  }
  if (!cat)
    cat = /Scaveng|MarkCompact|Sweep|Marking|Heap|\bGC\b|Concurrent/i.test(block)
      ? "(garbage collection)"
      : "(kernel, libuv, no JavaScript)";
  self.set(cat, (self.get(cat) ?? 0) + 1);
  for (const n of seen) incl.set(n, (incl.get(n) ?? 0) + 1);
}
const print = (title, m) => {
  console.log(title);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, rows))
    console.log(`  ${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
};
console.log(`${total} samples${filter ? ` with "${filter}" on the stack` : ""}`);
print("by owner (the first JavaScript frame from the leaf):", self);
print("JavaScript frames, inclusive:", incl);
