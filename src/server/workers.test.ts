// Issue 18, "More cores" (decision 093): on PostgreSQL the server runs worker processes that share its
// port; both serve requests, and a worker killed with kill -9 is replaced while the other keeps serving.
import { afterAll, describe, expect, it } from "vitest";
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { startFakeProvider, type FakeProvider } from "../../e2e/support/fake-provider";
import { freePort, provision, tempDataDir } from "../../bench/setup";
import { availableParallelism } from "node:os";
import { loadConfig } from "./config";
import { workerCount } from "./workers";

const onPostgres = process.env.TEST_DB === "postgres";
let fake: FakeProvider | null = null;
let server: ChildProcess | null = null;

afterAll(async () => {
  server?.kill("SIGTERM");
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
  it("one per core on PostgreSQL, WEB_CONCURRENCY to override; the embedded database is always one process", () => {
    const url = "postgres://db.example.com/switchboard";
    expect(workerCount(loadConfig({ DATABASE_URL: url }))).toBe(availableParallelism());
    expect(workerCount(loadConfig({ DATABASE_URL: url, WEB_CONCURRENCY: "3" }))).toBe(3);
    expect(workerCount(loadConfig({ WEB_CONCURRENCY: "4" }))).toBe(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: "0" })).toThrow();
  });
});

describe.skipIf(!onPostgres)("worker processes on PostgreSQL (WEB_CONCURRENCY)", () => {
  it("WEB_CONCURRENCY=2 serves from two processes and replaces a worker killed with kill -9", async () => {
    fake = await startFakeProvider();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: {
        ...process.env,
        WEB_CONCURRENCY: "2",
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
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // The pid of every "Switchboard is listening" line, in order.
    const listening: number[] = [];
    let output = "";
    const onLine = (d: Buffer) => {
      output += d.toString();
      for (const m of d.toString().matchAll(/"msg":"Switchboard is listening".*?"pid":(\d+)/g))
        listening.push(Number(m[1]));
    };
    server.stdout!.on("data", onLine);
    server.stderr!.on("data", onLine);
    const until = async (cond: () => boolean, what: string, ms = 90_000) => {
      const t0 = Date.now();
      while (!cond()) {
        if (Date.now() - t0 > ms) throw new Error(`${what} did not happen:\n${output.slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await until(() => listening.length >= 2, "two workers listening", 200_000);
    const workers = [...new Set(listening)];
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(server.pid);

    const { token, orgId, agentId } = await provision(base);
    // Every reply records the process that ran it (chat_stream.instance_id: one per process).
    const db = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await db.connect();
    const instances = async () =>
      (
        await db.query<{ instance_id: string }>(
          "select distinct instance_id from chat_stream where organization_id = $1",
          [orgId],
        )
      ).rows.map((r) => r.instance_id);
    const chat = async () => {
      const res = await request(base, `/api/chat?orgId=${orgId}`, token, {
        agentId,
        threadId: null,
        messages: [{ id: randomUUID(), role: "user", content: "which process?" }],
      });
      expect(res.status).toBe(200);
      expect(res.text).toContain('0:"');
    };
    try {
      // The kernel spreads new connections over the workers' sockets at random.
      for (let i = 0; i < 20 && (await instances()).length < 2; i++) await chat();
      expect(await instances()).toHaveLength(2);

      process.kill(workers[0]!, "SIGKILL");
      // Once it is gone (a connection that reached its socket in its last instant is reset), the other
      // worker answers every request while the primary starts a replacement.
      await until(() => output.includes("worker died; starting another"), "the primary noticing", 30_000);
      for (let i = 0; i < 6; i++) expect((await request(base, `/api/agents?orgId=${orgId}`, token)).status).toBe(200);
      await until(() => listening.length >= 3, "a replacement worker", 200_000);
      const replacement = listening[2]!;
      expect(workers).not.toContain(replacement);
      // …and the replacement serves too: a third process shows up among the replies.
      for (let i = 0; i < 20 && (await instances()).length < 3; i++) await chat();
      expect(await instances()).toHaveLength(3);
    } finally {
      await db.end();
    }
  }, 480_000);
});
