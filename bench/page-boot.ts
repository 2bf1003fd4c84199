// A signed-in page load of /chat in Chromium, from navigation to the message box, and when each of the
// boot's requests started (the page's chunk, the session, the user, the agents). One server per built
// checkout, loads interleaved one by one, so every variant sees the same machine; with BENCH_LATENCY_MS the
// browser adds that round-trip latency to every request (Chrome DevTools' network emulation), as a user's
// network would.
//
//   npx tsx bench/page-boot.ts [loads=30] [dist dirs…]   (default: ./dist; a dir is a build's dist/, e.g. a
//   copy of another checkout's under .bench-dist/a — its server serves its own client)
import { chromium } from "playwright";
import { fmt, percentile, provision, startBenchServers } from "./setup";

const loads = Number(process.argv[2] ?? 30);
const dists = process.argv.slice(3).length ? process.argv.slice(3) : ["dist"];
const latency = Number(process.env.BENCH_LATENCY_MS ?? 0);
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const basePort = Number(process.env.BENCH_PORT) || 43000 + Math.floor(Math.random() * 1000);

interface Load {
  /** ms from navigation start to the message box shown */
  box: number;
  /** ms from navigation start to each boot request's start */
  starts: Record<string, number>;
}

const STAGES: Array<[string, RegExp]> = [
  ["chat chunk", /\/assets\/chat-page-[^/]*\.js$/],
  ["get-session", /\/api\/auth\/get-session/],
  ["getUser", /\/api\/getUser/],
  ["agents", /\/api\/agents/],
];

async function main() {
  const servers = [];
  for (const [i, dist] of dists.entries()) {
    const s = await startBenchServers({ port: basePort + 2 * i, entry: `${dist}/server/main.js` });
    const { cookie } = await provision(s.base);
    if (!cookie) throw new Error("sign-up set no session cookie");
    servers.push({ dist, ...s, cookie });
  }
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  const results: Load[][] = servers.map(() => []);
  try {
    for (let n = 0; n < loads + 2; n++) {
      for (const [i, s] of servers.entries()) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const [name, value] = [s.cookie.slice(0, s.cookie.indexOf("=")), s.cookie.slice(s.cookie.indexOf("=") + 1)];
        await context.addCookies([{ name, value, url: s.base }]);
        const page = await context.newPage();
        // The moment the box is in the page, taken in the page itself (not when a poll from here sees it).
        await page.addInitScript(() => {
          const w = window as unknown as { boxAt?: number };
          new MutationObserver((_, observer) => {
            if (w.boxAt === undefined && document.querySelector('textarea[placeholder^="Message "]')) {
              w.boxAt = performance.now();
              observer.disconnect();
            }
          }).observe(document, { childList: true, subtree: true, attributes: true });
        });
        if (latency) {
          const cdp = await context.newCDPSession(page);
          await cdp.send("Network.emulateNetworkConditions", {
            offline: false,
            latency,
            downloadThroughput: -1,
            uploadThroughput: -1,
          });
        }
        await page.goto(`${s.base}/chat`);
        await page.locator('textarea[placeholder^="Message "]').waitFor({ state: "visible", timeout: 30_000 });
        const box = await page.evaluate(() => (window as unknown as { boxAt: number }).boxAt);
        const entries = await page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .map((e) => e as PerformanceResourceTiming)
            .map((e) => ({ name: e.name, start: e.startTime, end: e.responseEnd })),
        );
        // BENCH_WATERFALL=1: every request of each build's last load, to see what waits for what.
        if (process.env.BENCH_WATERFALL && n === loads + 1) {
          console.log(`${s.dist}, last load (message box at ${fmt(box)} ms):`);
          for (const e of entries) console.log(`  ${fmt(e.start)} → ${fmt(e.end)}  ${new URL(e.name).pathname}`);
        }
        const starts: Record<string, number> = {};
        for (const [stage, re] of STAGES) {
          const first = entries.find((e) => re.test(new URL(e.name).pathname));
          if (first) starts[stage] = first.start;
        }
        await context.close();
        if (n >= 2) results[i]!.push({ box, starts }); // the first two warm the server and the browser
      }
    }
  } finally {
    await browser.close();
    for (const s of servers) s.stop();
  }
  console.log(`page boot of /chat, ${loads} loads per build, interleaved; added latency ${latency} ms a request`);
  for (const [i, s] of servers.entries()) {
    const r = results[i]!;
    const med = (f: (l: Load) => number | undefined) => {
      const v = r.map(f).filter((x): x is number => x !== undefined);
      return v.length ? fmt(percentile(v, 50)) : "—";
    };
    const stages = STAGES.map(([stage]) => `${stage} starts ${med((l) => l.starts[stage])}`).join(", ");
    console.log(
      `${s.dist}: message box p50 ${med((l) => l.box)} ms, p90 ${fmt(
        percentile(
          r.map((l) => l.box),
          90,
        ),
      )} ms; ${stages}`,
    );
  }
  if (servers.length > 1) {
    const diffs = results[1]!.map((l, k) => l.box - results[0]![k]!.box);
    const lower = diffs.filter((d) => d < 0).length;
    console.log(
      `${servers[1]!.dist} − ${servers[0]!.dist}: median ${fmt(percentile(diffs, 50))} ms (lower in ${lower}/${diffs.length})`,
    );
  }
}

await main();
