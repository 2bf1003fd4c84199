// Next-run computation time for any expression (decision 041). Goal: ≤ 1 ms.
//   npx tsx bench/scheduled-tasks-next-run.ts [iterations=20000]
import { parseSchedule, CRON_PRESETS } from "../src/shared/cron";
import { nextRunAfter } from "../src/shared/cron-next";
import { fmt, percentile } from "./setup";

const iterations = Number(process.argv[2] ?? 20_000);
const zones = ["UTC", "America/New_York", "Europe/Berlin", "Australia/Sydney", "Asia/Kolkata"];
const expressions = [
  ...Object.keys(CRON_PRESETS),
  "* * * * *",
  "30 2 * * *",
  "0 0 29 2 *", // leap day: the furthest search
  "0 0 31 2 *", // never: the whole 30-year search
  "5-55/7 1-23/2 1,15,28-31 1-12/2 1-5",
  "0 9 13 * 5",
].map((e) => parseSchedule(e));
const times: number[] = [];
let from = Date.UTC(2026, 0, 1);
for (let i = 0; i < iterations; i++) {
  const c = expressions[i % expressions.length]!;
  const tz = zones[i % zones.length]!;
  const t0 = performance.now();
  nextRunAfter(c, from, tz);
  times.push(performance.now() - t0);
  from += 3_600_000 * 7 + 61_000;
}
const typical = times.filter((_, i) => expressions[i % expressions.length]!.expression !== "0 0 31 2 *");
console.log(
  `next run: mean ${fmt(typical.reduce((a, b) => a + b, 0) / typical.length)} ms, p50 ${fmt(percentile(typical, 50))} ms, p99 ${fmt(percentile(typical, 99))} ms over ${typical.length} computations (goal ≤ 1 ms); never-matching 31 Feb: p99 ${fmt(
    percentile(
      times.filter((_, i) => expressions[i % expressions.length]!.expression === "0 0 31 2 *"),
      99,
    ),
  )} ms`,
);
