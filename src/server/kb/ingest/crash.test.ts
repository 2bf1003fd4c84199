// A server killed (SIGKILL) while it ingests a file, then started again on the same database: the
// file finishes (or fails with a reason); it never stays processing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { startFakeProvider, type FakeProvider } from "../../../../e2e/support/fake-provider";
import { freePort, provision, startProcess, tempDataDir, type Started } from "../../../../bench/setup";
import { getTestContext, type TestContext } from "../../test/context";
import { db } from "../../db/client";

let ctx: TestContext;
let fake: FakeProvider;
const children: Started[] = [];

beforeAll(async () => {
  fake = await startFakeProvider();
  ctx = await getTestContext();
});
afterAll(async () => {
  for (const c of children) c.child.kill("SIGKILL");
  await fake?.close();
});

async function startServer(env: Record<string, string>) {
  const started = await startProcess(
    process.execPath,
    ["--import", "tsx", "src/server/main.ts"],
    env,
    /Switchboard is listening/,
  );
  children.push(started);
  return started;
}

async function api(base: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

describe("a server killed mid-ingestion", () => {
  it("the file finishes after the restart and never stays processing", { timeout: 300_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: tempDataDir(),
      SECRET_KEY: "crash-test-secret-key-0123456789",
      SCHEDULER: "off", // only ingestion is under test
      PUBLIC_URL: "http://localhost",
      LOG_LEVEL: "info",
      AUTH_RATE_LIMIT_MAX: "100000",
      // Every test (or bench) client comes from one address: lift the per-address limit on other auth calls.
      AUTH_API_RATE_LIMIT_MAX: "100000",
      OPENAI_BASE_URL: `${fake.url}/v1`,
      // One process (not a worker per core, decision 093): the test kills that process.
      ...(ctx.kind === "postgres" ? { DATABASE_URL: process.env.TEST_DATABASE_URL!, WEB_CONCURRENCY: "1" } : {}),
    };
    const first = await startServer(env);
    const { token } = await provision(base);
    const kb = (
      await api(base, token, "POST", "/api/kb/manage", {
        name: "Crash",
        embeddingModel: "openai:text-embedding-3-small",
      })
    ).body.knowledgeBase;
    // Enough text for several embedding batches, each answered slowly, so the kill lands mid-ingestion.
    const text = Array.from({ length: 3000 }, (_, i) => `Line ${i} of the crash test document.`).join("\n");
    const up = (
      await api(base, token, "POST", "/api/upload/presigned", {
        filename: "crash.txt",
        contentType: "text/plain",
        purpose: "knowledge-base",
      })
    ).body;
    const put = await fetch(`${base}${up.url}`, { method: "PUT", headers: up.headers, body: text });
    expect(put.status).toBe(200);
    fake.delayEmbeddings(1500);
    const assoc = await api(base, token, "POST", "/api/kb/files", {
      kbId: kb.id,
      fileId: up.fileId,
      fileName: "crash.txt",
      fileKey: up.key,
    });
    expect(assoc.status).toBe(201);
    const fileUrl = `/api/kb/files?kbId=${kb.id}&fileId=${up.fileId}`;
    for (let i = 0; ; i++) {
      const s = (await api(base, token, "GET", fileUrl)).body.file.processingStatus;
      if (s === "completed" && fake.requests.some((r) => r.path === "/v1/embeddings")) break;
      if (i > 600) throw new Error(`never reached mid-ingestion: ${s}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    first.child.kill("SIGKILL");
    await new Promise<void>((resolve) =>
      first.child.exitCode !== null ? resolve() : first.child.once("exit", () => resolve()),
    );
    fake.delayEmbeddings(0);
    // With PostgreSQL another replica takes the file over when its lease runs out: age it as time would.
    if (ctx.kind === "postgres")
      await db().execute(
        sql`update kb_file set lease_expires_at = now() - interval '1 second' where id = ${up.fileId}::uuid`,
      );
    await startServer(env);
    let file: any;
    for (let i = 0; ; i++) {
      file = (await api(base, token, "GET", fileUrl)).body.file;
      if (file.processingStatus === "indexed" || file.processingStatus === "failed") break;
      if (i > 1200) throw new Error(`still ${file.processingStatus} after the restart`);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(file.processingStatus, file.processingError ?? "").toBe("indexed");
    expect(file.chunkCount).toBeGreaterThan(10);
    const chunks = await fetch(`${base}/api/kb/files?kbId=${kb.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(chunks.status).toBe(200);
  });
});
