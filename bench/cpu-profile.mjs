// A preload for a server under a bench: SIGUSR2 starts V8's CPU profiler (200 µs sampling), the next SIGUSR2 stops it
// and writes $BENCH_PROFILE_DIR (default /tmp/prof)/<pid>-<n>.cpuprofile (Chrome DevTools' format), so a profile
// covers the load alone, not the start-up. bench/setup.ts preloads it when BENCH_PROFILE is set.
import { Session } from "node:inspector";
import { writeFileSync, mkdirSync } from "node:fs";
const s = new Session();
s.connect();
let on = false;
let n = 0;
process.on("SIGUSR2", () => {
  if (!on) {
    s.post("Profiler.enable", () =>
      s.post("Profiler.setSamplingInterval", { interval: 200 }, () => s.post("Profiler.start")),
    );
    on = true;
  } else {
    s.post("Profiler.stop", (err, result) => {
      if (err) return console.error("cpu-profile:", err);
      const dir = process.env.BENCH_PROFILE_DIR ?? "/tmp/prof";
      mkdirSync(dir, { recursive: true });
      writeFileSync(`${dir}/${process.pid}-${n++}.cpuprofile`, JSON.stringify(result.profile));
    });
    on = false;
  }
});
