// Issue 18, scale-out: two real server processes on one PostgreSQL. One is killed (SIGKILL) mid-reply;
// the other must mark that reply interrupted within 5 s (decision 088: the dead process's replica lock
// is freed with its connection) and accept the conversation's next message. And with files on each
// server's own disk, a file uploaded through one is refused by the other with a message that says why.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { parseDataStreamPart } from "@ai-sdk/ui-utils";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { freePort, json, provision, startProcess, tempDataDir, type Started } from "../../../bench/setup";
import { FILE_ON_ANOTHER_SERVER } from "../storage/store";
import { INTERRUPTED_TEXT } from "./recover";
import { readTextParts } from "../test/reply-text";

const onPostgres = process.env.TEST_DB === "postgres";
let fake: FakeProvider;
const children: Started[] = [];

async function startReplica() {
  const port = await freePort();
  const started = await startProcess(
    process.execPath,
    ["--import", "tsx", "src/server/main.ts"],
    {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: tempDataDir(),
      SECRET_KEY: "replica-test-secret-key-0123456789",
      SCHEDULER: "off",
      KB_INGEST_CONCURRENCY: "0",
      PUBLIC_URL: "http://localhost",
      LOG_LEVEL: "info",
      AUTH_RATE_LIMIT_MAX: "100000",
      // Every test (or bench) client comes from one address: lift the per-address limit on other auth calls.
      AUTH_API_RATE_LIMIT_MAX: "100000",
      OPENAI_BASE_URL: `${fake.url}/v1`,
      DATABASE_URL: process.env.TEST_DATABASE_URL!,
      // One process per replica (not a worker per core, decision 093): the test kills that process.
      WEB_CONCURRENCY: "1",
    },
    /Switchboard is listening/,
  );
  children.push(started);
  return { ...started, base: `http://127.0.0.1:${port}` };
}

async function reply(base: string, token: string, threadId: string) {
  const { body } = await json(`${base}/api/getConversation?threadId=${threadId}`, { token });
  return (body as { messages: Array<{ role: string; content: string; status?: string; error?: string }> }).messages
    .filter((m) => m.role === "assistant")
    .at(-1);
}

/** Reads the reply until `count` text lines arrived; returns their text (the client stays). */
async function readSome(res: Response, count: number) {
  const { text, ended } = await readTextParts(res.body!.getReader(), count);
  if (ended) throw new Error("the reply ended too soon");
  return text;
}

beforeAll(async () => {
  if (onPostgres) fake = await startFakeProvider();
});
afterAll(async () => {
  for (const c of children) c.child.kill("SIGKILL");
  await fake?.close();
});

describe.skipIf(!onPostgres)("two replicas on one PostgreSQL", () => {
  it(
    "issue 18: a replica killed mid-reply is taken over within 5 s; a file on another server's disk says so",
    { timeout: 240_000 },
    async () => {
      const [a, b] = await Promise.all([startReplica(), startReplica()]);
      const { token, orgId, agentId } = await provision(a.base);

      // A file sent through A lives on A's disk: B knows it (shared database) but cannot serve it.
      const presigned = (
        await json(`${a.base}/api/upload/presigned?orgId=${orgId}`, {
          method: "POST",
          token,
          body: JSON.stringify({ filename: "notes.txt", contentType: "text/plain" }),
        })
      ).body as { url: string; method: string; headers: Record<string, string>; key: string };
      const put = await fetch(new URL(presigned.url, a.base), {
        method: presigned.method,
        headers: presigned.headers,
        body: "kept on A",
      });
      expect(put.status).toBe(200);
      const download = (path: string) =>
        fetch(`${path}/api/files/presigned_download?orgId=${orgId}`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}`, origin: "http://localhost" },
          body: JSON.stringify({ r2Path: presigned.key, filename: "notes.txt" }),
        });
      expect((await download(a.base)).status).toBe(200);
      const elsewhere = await download(b.base);
      expect(elsewhere.status).toBe(404);
      expect(((await elsewhere.json()) as { error: string }).error).toBe(FILE_ON_ANOTHER_SERVER);

      // "[long]": ~10 s of text, so the reply is mid-stream for the whole check below.
      const res = await fetch(`${a.base}/api/chat?orgId=${orgId}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          agentId,
          threadId: null,
          messages: [{ id: randomUUID(), role: "user", content: "take me over [long]" }],
        }),
      });
      expect(res.status).toBe(200);
      const threadId = res.headers.get("x-thread-id")!;
      const received = await readSome(res, 12);
      // B looks every 2 s: a live owner's reply is left alone (still streaming, it is not listed yet).
      await new Promise((r) => setTimeout(r, 3_000));
      expect((await reply(b.base, token, threadId))?.status).toBeUndefined();

      a.child.kill("SIGKILL");
      await new Promise<void>((resolve) =>
        a.child.exitCode !== null ? resolve() : a.child.once("exit", () => resolve()),
      );
      const killedAt = Date.now();
      let taken: Awaited<ReturnType<typeof reply>> | null = null;
      while (Date.now() - killedAt < 20_000) {
        const r = await reply(b.base, token, threadId);
        if (r?.status === "interrupted") {
          taken = r;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const tookMs = Date.now() - killedAt;
      console.info(`replica takeover: reply marked interrupted ${tookMs} ms after the kill`);
      expect(taken, "the reply was never marked interrupted").not.toBeNull();
      expect(tookMs).toBeLessThanOrEqual(5_000);
      expect(taken).toMatchObject({ error: INTERRUPTED_TEXT });
      expect(taken!.content.slice(0, received.length)).toBe(received);

      // The conversation takes its next message through B (no "A reply is still being generated").
      const next = await fetch(`${b.base}/api/chat?orgId=${orgId}`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          agentId,
          threadId,
          messages: [{ id: randomUUID(), role: "user", content: "still there?" }],
        }),
      });
      expect(next.status).toBe(200);
      const answer = (await next.text())
        .split("\n")
        .filter(Boolean)
        .map((line) => parseDataStreamPart(line))
        .flatMap((part) => (part.type === "text" ? [part.value] : []))
        .join("");
      expect(answer).toBe("You said: still there?");
    },
  );
});
