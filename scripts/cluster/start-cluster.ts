// Starts N Switchboard replicas on one PostgreSQL, with S3-compatible storage (s3rver unless S3_* are
// given), behind haproxy. Used by `npm run cluster` (scripts/cluster.ts), its test and bench/cluster.ts.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../bench/setup";
import { findHaproxy, haproxyConfig } from "./haproxy";

export interface ClusterOptions {
  databaseUrl: string;
  /** Folder for the replicas' DATA_DIRs, s3rver's files and haproxy's configuration. */
  dir: string;
  replicas?: number;
  host?: string;
  /** Balancer port (0: any free port); the replicas and s3rver get the next ones, or free ones when 0. */
  port?: number;
  publicUrl?: string;
  secretKey: string;
  /** How a replica is run: the built server by default (`npm run build`). */
  serverArgs?: string[];
  /** More environment for every replica (rate limits, OPENAI_BASE_URL, SCHEDULER …). */
  env?: Record<string, string>;
  /** S3_* of an existing bucket; without them s3rver is started on `dir/s3`. */
  s3?: Record<string, string>;
  /** Start a replica again when it exits on its own (npm run cluster); tests kill replicas on purpose. */
  respawn?: boolean;
  log?: (source: string, line: string) => void;
}

export interface Replica {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
}

export interface Cluster {
  /** The balancer's URL. */
  url: string;
  replicas: Replica[];
  haproxy: ChildProcess;
  s3Endpoint: string | null;
  /** Starts replica `i` again (after a kill) and resolves when the balancer routes to it again. */
  restart(i: number): Promise<Replica>;
  stop(): Promise<void>;
}

const BUCKET = "switchboard";

/** Spawns a process, hands its output to `log` line by line, resolves once a line matches `ready`. */
function startChild(
  source: string,
  cmd: string,
  args: string[],
  env: Record<string, string>,
  ready: RegExp | null,
  log: (source: string, line: string) => void,
): Promise<ChildProcess> {
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let tail = "";
    let ok = !ready;
    const onData = (d: Buffer) => {
      for (const line of d.toString().split("\n")) {
        if (!line.trim()) continue;
        log(source, line);
        tail = (tail + line + "\n").slice(-4000);
        if (!ok && ready!.test(line)) {
          ok = true;
          resolve(child);
        }
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      if (!ok) reject(new Error(`${source} exited (${code ?? signal}) before it was ready:\n${tail}`));
    });
    if (!ready) setImmediate(() => resolve(child));
  });
}

async function waitForAnswer(url: string, timeoutMs: number, server: ChildProcess) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) throw new Error(`${url}: its server exited`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) }).then((r) => r.arrayBuffer());
      return;
    } catch (err) {
      if (Date.now() > until) throw new Error(`no answer from ${url}`, { cause: err });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Resolves once the balancer sends a request to replica `name` again (its health checks need two passes). */
async function waitForRotation(url: string, name: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) }).catch(() => null);
    await res?.arrayBuffer();
    if (res?.headers.get("x-served-by") === name) return;
    if (Date.now() > until) throw new Error(`the balancer did not send a request to ${name} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((r) => child.once("exit", () => r()));

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const haproxyBin = findHaproxy();
  if (!haproxyBin) throw new Error("haproxy is not installed: apt-get install -y haproxy (or set HAPROXY)");
  const n = opts.replicas ?? 3;
  const host = opts.host ?? "127.0.0.1";
  const log = opts.log ?? (() => {});
  const portAt = async (offset: number) => (opts.port ? opts.port + offset : freePort());
  const balancerPort = await portAt(0);
  const replicaPorts = await Promise.all(Array.from({ length: n }, (_, i) => portAt(i + 1)));
  const publicUrl = opts.publicUrl ?? `http://localhost:${balancerPort}`;
  mkdirSync(opts.dir, { recursive: true, mode: 0o700 });

  let s3Env = opts.s3;
  let s3rver: { close(): Promise<void> } | null = null;
  let s3Endpoint: string | null = s3Env?.S3_ENDPOINT ?? null;
  if (!s3Env?.S3_BUCKET) {
    const { default: S3rver } = await import("s3rver");
    const server = new S3rver({
      address: "127.0.0.1",
      port: await portAt(n + 1),
      silent: true,
      directory: path.join(opts.dir, "s3"),
      // The browser uploads and downloads straight from the bucket with presigned URLs.
      configureBuckets: [{ name: BUCKET, configs: [corsFor(publicUrl)] }],
    });
    const { port } = await server.run();
    s3rver = server;
    s3Endpoint = `http://127.0.0.1:${port}`;
    s3Env = {
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    };
    log("s3rver", `bucket ${BUCKET} at ${s3Endpoint} (files in ${path.join(opts.dir, "s3")})`);
  }

  const replicas: Replica[] = [];
  let stopping = false;
  const startReplica = async (i: number): Promise<Replica> => {
    const name = `replica${i + 1}`;
    const port = replicaPorts[i]!;
    const dataDir = path.join(opts.dir, name);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const child = await startChild(
      name,
      process.execPath,
      opts.serverArgs ?? ["dist/server/main.js"],
      {
        ...s3Env,
        // A replica is one process (not a worker per core, decision 093), so 3 replicas are 3 processes.
        WEB_CONCURRENCY: "1",
        ...opts.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: opts.databaseUrl,
        SECRET_KEY: opts.secretKey,
        PUBLIC_URL: publicUrl,
        TRUST_PROXY: "true",
      },
      /Switchboard is listening/,
      log,
    );
    const replica = { name, port, url: `http://127.0.0.1:${port}`, child };
    replicas[i] = replica;
    child.once("exit", (code, signal) => {
      if (stopping || replicas[i] !== replica) return;
      log(name, `exited (${code ?? signal})${opts.respawn ? "; starting it again" : ""}`);
      if (opts.respawn)
        setTimeout(() => void startReplica(i).catch((err) => log(name, `did not start again: ${String(err)}`)), 1000);
    });
    return replica;
  };
  let haproxy: ChildProcess | null = null;
  const stop = async () => {
    stopping = true;
    const children = [haproxy, ...replicas.map((r) => r?.child)].filter((c): c is ChildProcess => !!c);
    for (const c of children) c.kill("SIGTERM");
    const killer = setTimeout(() => children.forEach((c) => c.kill("SIGKILL")), 10_000);
    await Promise.all(children.map(exited));
    clearTimeout(killer);
    await s3rver?.close();
  };

  // Whatever ends this process (an error included) ends the replicas and the balancer too.
  process.once("exit", () => {
    for (const c of [haproxy, ...replicas.map((r) => r?.child)]) c?.kill("SIGTERM");
  });

  const url = `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${balancerPort}`;
  try {
    // Migrations run under an advisory lock, so the replicas can start together.
    const started = await Promise.allSettled(replicaPorts.map((_, i) => startReplica(i)));
    const failed = started.find((s) => s.status === "rejected");
    if (failed) throw failed.reason;
    const config = path.join(opts.dir, "haproxy.cfg");
    writeFileSync(config, haproxyConfig({ port: balancerPort, host, replicas }));
    haproxy = await startChild("haproxy", haproxyBin, ["-db", "-f", config], {}, null, log);
    await waitForAnswer(url, 10_000, haproxy);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    url,
    replicas,
    haproxy: haproxy!,
    s3Endpoint,
    // A restarted replica is back once the balancer routes to it, not merely once it listens.
    restart: async (i) => {
      const replica = await startReplica(i);
      await waitForRotation(url, replica.name, 15_000);
      return replica;
    },
    stop,
  };
}

function corsFor(origin: string) {
  return `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>${origin}</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;
}
