// Issue 18, "More cores" (decision 093): on PostgreSQL the server runs worker processes that share its
// port; both serve requests, and a worker killed with kill -9 is replaced while the other keeps serving.
import { afterAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { startFakeProvider, type FakeProvider } from "../../e2e/support/fake-provider";
import { freePort, provision, tempDataDir } from "../../bench/setup";
import { availableParallelism, hostname } from "node:os";
import { loadConfig } from "./config";
import { databaseOnThisHost, workerPlan } from "./workers";
import { BURST_STARTS } from "./chat/start-admission";

const onPostgres = process.env.TEST_DB === "postgres";
let fake: FakeProvider | null = null;
const servers: ChildProcess[] = [];

afterAll(async () => {
  for (const s of servers) s.kill("SIGTERM");
  await fake?.close();
});

/** Each request on a connection of its own: connections, not requests, are spread over the workers. */
function request(base: string, path: string, token: string, body?: unknown) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${path}`,
      {
        method: data ? "POST" : "GET",
        agent: false,
        headers: { authorization: `Bearer ${token}`, ...(data ? { "content-type": "application/json" } : {}) },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode!, text }));
      },
    );
    req.on("error", reject);
    req.setTimeout(60_000, () => req.destroy(new Error(`no answer to ${path} within 60 s`)));
    req.end(data);
  });
}

describe("how many worker processes", () => {
  it("on PostgreSQL one process that grows to one per core under load; WEB_CONCURRENCY fixes the number; the embedded database is always one process", () => {
    const url = "postgres://db.example.com/switchboard";
    expect(workerPlan(loadConfig({ DATABASE_URL: url }), 4)).toEqual({ mode: "elastic", max: 4 });
    expect(workerPlan(loadConfig({ DATABASE_URL: url }), 1)).toEqual({ mode: "single" });
    expect(workerPlan(loadConfig({ DATABASE_URL: url, WEB_CONCURRENCY: "3" }))).toEqual({ mode: "fixed", count: 3 });
    expect(workerPlan(loadConfig({ DATABASE_URL: url, WEB_CONCURRENCY: "1" }))).toEqual({ mode: "single" });
    expect(workerPlan(loadConfig({ WEB_CONCURRENCY: "4" }))).toEqual({ mode: "single" });
    expect(() => loadConfig({ WEB_CONCURRENCY: "0" })).toThrow();
    expect(() => loadConfig({ WEB_CONCURRENCY_BUSY: "1.5" })).toThrow();
    expect(() => loadConfig({ WEB_CONCURRENCY_MAX: "0" })).toThrow();
  });

  it("a database on this host keeps a core for itself: one core fewer, one process on two cores; WEB_CONCURRENCY_MAX sets the ceiling (decision 142)", () => {
    for (const url of [
      "postgres://postgres@127.0.0.1:5432/app",
      "postgres://u:p@localhost/app",
      "postgresql://[::1]:5432/app",
      "postgres:///app?host=/var/run/postgresql",
      "postgresql://%2Fvar%2Frun%2Fpostgresql/app",
      `postgres://${hostname()}/app`,
      // Other spellings of loopback.
      "postgres://127.1/app",
      "postgres://0x7f.0.0.1/app",
      "postgres://[0:0:0:0:0:0:0:1]/app",
      "postgres://[::ffff:127.0.0.1]/app",
      "postgres://localhost./app",
    ]) {
      expect(databaseOnThisHost(url), url).toBe(true);
      expect(workerPlan(loadConfig({ DATABASE_URL: url }), 2)).toEqual({ mode: "single" });
      expect(workerPlan(loadConfig({ DATABASE_URL: url }), 8)).toEqual({ mode: "elastic", max: 7 });
    }
    for (const url of [
      "postgres://db.example.com/app",
      "postgres://10.0.0.5:5432/app",
      "postgres://[2001:db8::1]/app",
      "not a url",
    ])
      expect(databaseOnThisHost(url), url).toBe(false);
    expect(workerPlan(loadConfig({ DATABASE_URL: "postgres://db.example.com/app" }), 2)).toEqual({
      mode: "elastic",
      max: 2,
    });
    const local = "postgres://127.0.0.1/app";
    expect(workerPlan(loadConfig({ DATABASE_URL: local, WEB_CONCURRENCY_MAX: "2" }), 2)).toEqual({
      mode: "elastic",
      max: 2,
    });
    expect(workerPlan(loadConfig({ DATABASE_URL: local, WEB_CONCURRENCY_MAX: "1" }), 8)).toEqual({ mode: "single" });
    // A fixed number still wins over both.
    expect(workerPlan(loadConfig({ DATABASE_URL: local, WEB_CONCURRENCY: "2" }), 2)).toEqual({
      mode: "fixed",
      count: 2,
    });
  });
});

/** `src/server/main.ts` on the test database with `env`; `listening` collects each serving pid in order. */
async function startMain(env: Record<string, string>) {
  fake ??= await startFakeProvider();
  const port = await freePort();
  const { WEB_CONCURRENCY: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...inherited,
      DATABASE_URL: process.env.TEST_DATABASE_URL!,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: tempDataDir(),
      PUBLIC_URL: "http://localhost",
      SCHEDULER: "off",
      KB_INGEST_CONCURRENCY: "0",
      LOG_LEVEL: "info",
      AUTH_RATE_LIMIT_MAX: "100000",
      AUTH_API_RATE_LIMIT_MAX: "100000",
      OPENAI_BASE_URL: `${fake.url}/v1`,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  servers.push(child);
  const listening: number[] = [];
  let output = "";
  const onLine = (d: Buffer) => {
    output += d.toString();
    for (const m of d.toString().matchAll(/"msg":"Switchboard is listening".*?"pid":(\d+)/g))
      listening.push(Number(m[1]));
  };
  child.stdout!.on("data", onLine);
  child.stderr!.on("data", onLine);
  const until = async (cond: () => boolean, what: string, ms = 90_000) => {
    const t0 = Date.now();
    while (!cond()) {
      if (Date.now() - t0 > ms) throw new Error(`${what} did not happen:\n${output.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    }
  };
  return { base: `http://127.0.0.1:${port}`, child, listening, until, output: () => output, stop };
}

/** Every reply records the process that ran it (chat_stream.instance_id: one per process). */
async function replyProcesses(orgId: string) {
  const db = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await db.connect();
  try {
    const { rows } = await db.query<{ instance_id: string }>(
      "select distinct instance_id from chat_stream where organization_id = $1",
      [orgId],
    );
    return rows.map((r) => r.instance_id);
  } finally {
    await db.end();
  }
}

function chatOnce(base: string, who: { token: string; orgId: string; agentId: number }) {
  return request(base, `/api/chat?orgId=${who.orgId}`, who.token, {
    agentId: who.agentId,
    threadId: null,
    messages: [{ id: randomUUID(), role: "user", content: "which process?" }],
  }).then((res) => {
    expect(res.status).toBe(200);
    expect(res.text).toContain('0:"');
  });
}

describe.skipIf(!onPostgres)("worker processes on PostgreSQL (WEB_CONCURRENCY)", () => {
  it("WEB_CONCURRENCY=2 serves from two processes and replaces a worker killed with kill -9", async () => {
    const { base, child, listening, until, output, stop } = await startMain({ WEB_CONCURRENCY: "2" });
    await until(() => listening.length >= 2, "two workers listening", 200_000);
    const workers = [...new Set(listening)];
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(child.pid);

    const who = await provision(base);
    const { token, orgId } = who;
    // The kernel spreads new connections over the workers' sockets at random.
    for (let i = 0; i < 20 && (await replyProcesses(orgId)).length < 2; i++) await chatOnce(base, who);
    expect(await replyProcesses(orgId)).toHaveLength(2);

    process.kill(workers[0]!, "SIGKILL");
    // Once it is gone (a connection that reached its socket in its last instant is reset), the other
    // worker answers every request while the primary starts a replacement.
    await until(() => output().includes("worker died; starting another"), "the primary noticing", 30_000);
    for (let i = 0; i < 6; i++) expect((await request(base, `/api/agents?orgId=${orgId}`, token)).status).toBe(200);
    await until(() => listening.length >= 3, "a replacement worker", 200_000);
    const replacement = listening[2]!;
    expect(workers).not.toContain(replacement);
    // …and the replacement serves too: a third process shows up among the replies.
    for (let i = 0; i < 20 && (await replyProcesses(orgId)).length < 3; i++) await chatOnce(base, who);
    expect(await replyProcesses(orgId)).toHaveLength(3);
    await stop();
  }, 480_000);

  it.skipIf(availableParallelism() < 2)(
    "without WEB_CONCURRENCY one process serves at rest and adds a worker (up to one per core) once its event loop stays busy",
    async () => {
      // At rest: the first process serves by itself and starts nobody.
      const idle = await startMain({ WEB_CONCURRENCY_MAX: String(availableParallelism()) });
      await idle.until(() => idle.listening.length >= 1, "the server listening", 200_000);
      expect(idle.listening).toEqual([idle.child.pid]);
      await new Promise((r) => setTimeout(r, 5_000));
      expect(idle.listening).toHaveLength(1);
      expect(idle.output()).not.toContain("starting another worker");
      await idle.stop();

      // Busy (a threshold of 0 counts every second as busy): it adds workers, never more than the cores.
      const busy = await startMain({ WEB_CONCURRENCY_BUSY: "0", WEB_CONCURRENCY_MAX: String(availableParallelism()) });
      await busy.until(() => busy.listening.length >= 1, "the server listening", 200_000);
      expect(busy.listening[0]).toBe(busy.child.pid);
      await busy.until(() => busy.listening.length >= 2, "an added worker", 200_000);
      expect(busy.output()).toContain("event loops busy: starting another worker");
      const worker = busy.listening[1]!;
      expect(worker).not.toBe(busy.child.pid);

      const who = await provision(busy.base);
      for (let i = 0; i < 30 && (await replyProcesses(who.orgId)).length < 2; i++) await chatOnce(busy.base, who);
      expect(await replyProcesses(who.orgId)).toHaveLength(2);
      await new Promise((r) => setTimeout(r, 4_000));
      expect(new Set(busy.listening).size).toBeLessThanOrEqual(availableParallelism());

      // A dead worker is replaced; the serving primary answers meanwhile.
      process.kill(worker, "SIGKILL");
      await busy.until(() => busy.output().includes("worker died; starting another"), "the primary noticing", 30_000);
      expect((await request(busy.base, `/api/agents?orgId=${who.orgId}`, who.token)).status).toBe(200);
      await busy.until(
        () => busy.listening.filter((p) => p !== busy.child.pid && p !== worker).length >= 1,
        "a replacement",
        200_000,
      );
      // SIGTERM to the serving primary ends its workers before it exits itself.
      await busy.stop();
      const alive = (pid: number) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      expect(busy.listening.filter(alive)).toEqual([]);
    },
    600_000,
  );

  it.skipIf(availableParallelism() < 2)(
    "a burst of chat starts adds a worker at once, without waiting for busy seconds (decision 117)",
    async () => {
      // A threshold no loop reaches: only the burst can start a worker.
      const server = await startMain({
        WEB_CONCURRENCY_BUSY: "1",
        WEB_CONCURRENCY_MAX: String(availableParallelism()),
      });
      await server.until(() => server.listening.length >= 1, "the server listening", 200_000);
      const who = await provision(server.base);
      await chatOnce(server.base, who);
      expect(server.listening).toEqual([server.child.pid]);
      // Started at once (each reply's own outcome is not the point: the fake provider shares this process).
      const burst = Array.from({ length: 2 * BURST_STARTS }, () =>
        request(server.base, `/api/chat?orgId=${who.orgId}`, who.token, {
          agentId: who.agentId,
          threadId: null,
          messages: [{ id: randomUUID(), role: "user", content: "a burst" }],
        }),
      );
      for (const res of await Promise.all(burst)) expect(res.status).toBe(200);
      await server.until(() => server.listening.length >= 2, "a worker started by the burst", 200_000);
      expect(server.output()).toContain("a burst of chats is starting: starting another worker");
      expect(server.output()).not.toContain("event loops busy");
      await server.stop();
    },
    600_000,
  );
});
