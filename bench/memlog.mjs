// Diagnostic preload for bench/tree-peak-rss.mjs (DIAG=1): the server processes (not npm) log their memory split every 200 ms to $TMPDIR/memlog/<pid>.jsonl.
import v8 from "node:v8";
import { appendFileSync, mkdirSync } from "node:fs";
import cluster from "node:cluster";
if ((process.argv[1] ?? "").includes("start.mjs") || (process.argv[1] ?? "").includes("main.js")) {
  const dir = `${(await import("node:os")).tmpdir()}/memlog`;
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/${process.pid}.jsonl`;
  setInterval(() => {
    const m = process.memoryUsage();
    const sp = {};
    for (const s of v8.getHeapSpaceStatistics())
      sp[s.space_name.replace("_space", "")] = [
        Math.round((s.space_size / 1048576) * 10) / 10,
        Math.round((s.space_used_size / 1048576) * 10) / 10,
      ];
    appendFileSync(
      file,
      JSON.stringify({
        t: Date.now(),
        worker: cluster.isWorker,
        rss: m.rss >> 20,
        heapTotal: m.heapTotal >> 20,
        heapUsed: m.heapUsed >> 20,
        external: m.external >> 20,
        ab: m.arrayBuffers >> 20,
        sp,
      }) + "\n",
    );
  }, 200).unref();
}
