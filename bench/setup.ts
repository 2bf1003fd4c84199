// Shared bench setup: a Switchboard server (in this process or a child), a user, an organisation
// with OpenAI connected (pointed at the fake provider) and an agent.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export async function json(url: string, init: RequestInit & { token?: string } = {}) {
  // Node's fetch sends Sec-Fetch-Mode like a browser, so Better Auth wants a trusted Origin too.
  const headers: Record<string, string> = {
    "content-type": "application/json",
    origin: "http://localhost",
    ...(init.headers as Record<string, string>),
  };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${url} → ${res.status} ${text}`);
  return { body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** The app's own `request` (no HTTP) as a bench client: JSON in and out, an error on any non-2xx answer. */
export function inProcessClient(app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }) {
  return async function request(method: string, path: string, token?: string, body?: unknown) {
    const res = await app.request(path, {
      method,
      headers: {
        "content-type": "application/json",
        origin: "http://localhost:3000",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
    return { body: text ? JSON.parse(text) : null, headers: res.headers };
  };
}

export async function provision(base: string) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const up = await json(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    body: JSON.stringify({ email, password: "bench-password-1", name: "Bench" }),
  });
  const token = up.headers.get("set-auth-token")!;
  const org = (
    await json(`${base}/api/auth/organization/create`, {
      method: "POST",
      token,
      body: JSON.stringify({ name: "Bench", slug: `bench-${Date.now()}` }),
    })
  ).body;
  await json(`${base}/api/auth/organization/set-active`, {
    method: "POST",
    token,
    body: JSON.stringify({ organizationId: org.id }),
  });
  await json(`${base}/api/updateConnections`, {
    method: "POST",
    token,
    body: JSON.stringify({ openai: { OPENAI_API_KEY: "sk-bench" } }),
  });
  const agent = (
    await json(`${base}/api/agents`, {
      method: "POST",
      token,
      body: JSON.stringify({ name: "Bench agent", model: "openai:gpt-4.1" }),
    })
  ).body;
  // The browser's session cookie (Better Auth's signed token), for benches that load pages.
  const cookie = up.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.includes("session_token"));
  return { token, cookie, orgId: org.id as string, agentId: agent.id as number };
}

/** A loopback port free at the time of asking (for a server process a test or bench starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export const tempDataDir = () => mkdtempSync(path.join(os.tmpdir(), "sb-bench-"));

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const fmt = (n: number) => n.toFixed(2);

/**
 * How a bench starts the server: the built one when there is one (`npm run build`; bench/run.mjs builds
 * first), as `npm start` runs it; BENCH_SERVER_ENTRY another bundle (an A/B pair of builds, e.g.
 * .bench-dist/a/server/main.js); otherwise the source through tsx.
 */
export function serverEntry(entryFile = process.env.BENCH_SERVER_ENTRY): string[] {
  if (entryFile) return [entryFile];
  return existsSync("dist/server/main.js") ? ["dist/server/main.js"] : ["--import", "tsx", "src/server/main.ts"];
}

export interface Started {
  child: ChildProcess;
  /** Event-loop p99/max (ms) and RSS (bytes), once a second, when the process preloads el-monitor. */
  metrics: Array<{
    p99: number;
    max: number;
    rss: number;
    heap?: number;
    heapTotal?: number;
    external?: number;
    arrayBuffers?: number;
  }>;
  /** Per chat, when the process preloads ttft-trace.mjs: [stage, ms since the request, CPU ms since it]. */
  traces: Array<Array<[string, number, number]>>;
}

/** Starts a process and resolves when its output matches `ready`. */
export function startProcess(
  cmd: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
): Promise<Started> {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const metrics: Started["metrics"] = [];
  const traces: Started["traces"] = [];
  return new Promise((resolve, reject) => {
    let out = "";
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.length > 100_000) out = out.slice(-10_000);
      for (const line of d.toString().split("\n"))
        if (line.startsWith("BENCH_METRICS ")) metrics.push(JSON.parse(line.slice(14)));
        else if (line.startsWith("BENCH_TRACE ")) traces.push(JSON.parse(line.slice(12)));
      if (ready.test(out)) resolve({ child, metrics, traces });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`${cmd} exited ${code}: ${out.slice(-2000)}`)));
  });
}

/** The fake provider (OpenAI's wire format) in its own process on `port`, stopped when this process exits. */
export async function startFakeProvider(port: number): Promise<Started> {
  const fake = await startProcess(
    process.execPath,
    ["--import", "tsx", "e2e/support/fake-provider.ts"],
    { FAKE_PROVIDER_PORT: String(port) },
    /listening/,
  );
  process.on("exit", () => fake.child.kill("SIGTERM"));
  return fake;
}

const startScript = () =>
  (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start.split(" ");

/** The V8 flags `npm start` gives the server (package.json's start script), so benches measure what runs. */
export function startFlags(): string[] {
  return startScript().filter((a) => a.startsWith("--"));
}

/**
 * The environment `npm start` gives the server: its `NAME=${NAME:-default}` words (decision 132's malloc
 * setting), the caller's own value first as in the script.
 */
export function startEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const word of startScript()) {
    const m = /^([A-Z_]+)=\$\{\1:-([^}]*)\}$/.exec(word);
    if (m) env[m[1]!] = process.env[m[1]!] ?? m[2]!;
  }
  return env;
}

/**
 * The fake provider and a Switchboard server (src/server/main.ts on a fresh PGlite data dir, or
 * DATABASE_URL when set), each in its own process, so the measuring client shares neither's event loop.
 */
export async function startBenchServers(opts: { port?: number; entry?: string } = {}) {
  // BENCH_PORT: the fake provider's port (the server takes the next one), for sessions given a port range.
  const fakePort = opts.port ?? (Number(process.env.BENCH_PORT) || 41000 + Math.floor(Math.random() * 1000));
  const apiPort = fakePort + 1;
  const fake = await startFakeProvider(fakePort);
  const entry = serverEntry(opts.entry);
  const flags = [
    ...startFlags(),
    ...(process.env.BENCH_TRACE ? ["--import", "./bench/ttft-trace.mjs"] : []),
    ...(process.env.BENCH_PROFILE ? ["--import", "./bench/cpu-profile.mjs"] : []),
    ...(process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean),
  ];
  const server = await startProcess(
    process.execPath,
    [...flags, "--import", "./bench/el-monitor.mjs", ...entry],
    {
      ...startEnv(),
      PORT: String(apiPort),
      HOST: "127.0.0.1",
      DATA_DIR: tempDataDir(),
      OPENAI_BASE_URL: `http://127.0.0.1:${fakePort}/v1`,
      LOG_LEVEL: "info",
      PUBLIC_URL: "http://localhost",
      AUTH_RATE_LIMIT_MAX: "100000",
      // Every test (or bench) client comes from one address: lift the per-address limit on other auth calls.
      AUTH_API_RATE_LIMIT_MAX: "100000",
      // One server process, as the figures in bench/README.md were taken (decision 093); set
      // WEB_CONCURRENCY to measure `npm start`'s workers on PostgreSQL.
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1",
    },
    /Switchboard is listening/,
  );
  return {
    fakeUrl: `http://127.0.0.1:${fakePort}`,
    base: `http://127.0.0.1:${apiPort}`,
    server,
    stop() {
      server.child.kill("SIGTERM");
      fake.child.kill("SIGTERM");
    },
  };
}

/**
 * Milliseconds from sending the request to the first chunk that `isToken` recognises (-1: none); `onResponse`
 * sees the response's headers.
 */
export async function firstToken(
  url: string,
  init: RequestInit,
  isToken: (s: string) => boolean,
  onResponse?: (res: Response) => void,
) {
  const t0 = performance.now();
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url} → ${res.status} ${await res.text()}`);
  onResponse?.(res);
  const reader = res.body!.getReader();
  const dec = new TextDecoder();
  let seen = "";
  let ttft = -1;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    seen += dec.decode(value, { stream: true });
    if (ttft < 0 && isToken(seen)) ttft = performance.now() - t0;
  }
  return ttft;
}

/** The fake provider's own time to first token: the baseline the server's is compared with. */
export const directFirstToken = (fakeUrl: string) =>
  firstToken(
    `${fakeUrl}/v1/chat/completions`,
    {
      method: "POST",
      // The key the server was given (provision above): the fake checks it, as OpenAI does.
      headers: { "content-type": "application/json", authorization: "Bearer sk-bench" },
      body: JSON.stringify({ model: "gpt-4.1", stream: true, messages: [{ role: "user", content: "hello" }] }),
    },
    (s) => s.includes('"content":"You'),
  );
