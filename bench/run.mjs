// `npm run bench`: builds once, then prints every benchmark's figures (issue 4's three goals).
//   npm run bench                 all of them, on the embedded PGlite
//   DATABASE_URL=… npm run bench  the server benches on PostgreSQL
import { execFileSync } from "node:child_process";

const node = (args) => execFileSync(process.execPath, args, { stdio: "inherit" });

node(["scripts/build.mjs"]);
console.log("\n== /chat initial JavaScript");
node(["bench/bundle-size.mjs", "--no-build"]);
console.log("\n== time to first token");
node(["--import", "tsx", "bench/ttft.ts", process.env.BENCH_TTFT_ITERATIONS ?? "300"]);
console.log("\n== concurrent streams");
node(["--import", "tsx", "bench/concurrent-streams.ts", process.env.BENCH_LEVELS ?? "100,500,1000"]);
console.log("\n== the AI SDK's own cost per token (what bounds one server process)");
node(["--import", "tsx", "bench/provider-pipeline.ts"]);
