// Preloaded into the server under `BENCH_TRACE=1 npx tsx bench/ttft.ts` (decision 112): timestamps and the
// process's CPU time at every stage of a POST /api/chat, from the request's headers to the socket write of
// its first text line, one chat at a time. Prints one `BENCH_TRACE {…}` line per chat on stderr.
// Stages come from the server's own marks (src/server/perf/trace.ts) and Node's diagnostics channels
// (the HTTP request, undici's outgoing request to the provider, socket writes).
import diagnostics from "node:diagnostics_channel";

let cur = null;
const now = () => process.hrtime.bigint();

function mark(stage) {
  if (!cur) return;
  const c = process.cpuUsage();
  cur.marks.push([stage, Number(now() - cur.t0) / 1e6, (c.user + c.system - cur.cpu0) / 1e3]);
}
globalThis.__sbTraceMark = mark;

function start() {
  const c = process.cpuUsage();
  cur = { t0: now(), cpu0: c.user + c.system, marks: [] };
  cur.marks.push(["request", 0, 0]);
}

export function finish(stage) {
  if (!cur) return;
  mark(stage);
  process.stderr.write(`BENCH_TRACE ${JSON.stringify(cur.marks)}\n`);
  cur = null;
}
globalThis.__sbTraceFinish = finish;

diagnostics.subscribe("http.server.request.start", ({ request }) => {
  if (request.method === "POST" && request.url === "/api/chat") {
    start();
    request.once("end", () => mark("request body read"));
  }
});
diagnostics.subscribe("undici:request:create", () => mark("fetch: request created"));
diagnostics.subscribe("undici:client:beforeConnect", () => mark("fetch: NEW CONNECTION"));
diagnostics.subscribe("undici:client:sendHeaders", () => mark("fetch: headers written"));
diagnostics.subscribe("undici:request:bodySent", () => mark("fetch: body sent"));
diagnostics.subscribe("undici:request:headers", () => mark("fetch: response headers"));
