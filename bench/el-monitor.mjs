// Preloaded into the server under test: prints event-loop delay, RSS and the JS heap in use once a second on stderr.
import { monitorEventLoopDelay } from "node:perf_hooks";

const h = monitorEventLoopDelay({ resolution: 5 });
h.enable();
setInterval(() => {
  const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
  const line = {
    p99: h.percentile(99) / 1e6,
    max: h.max / 1e6,
    mean: h.mean / 1e6,
    rss,
    heap: heapUsed,
    heapTotal,
    external,
    arrayBuffers,
  };
  process.stderr.write(`BENCH_METRICS ${JSON.stringify(line)}\n`);
  h.reset();
}, 1000).unref();
