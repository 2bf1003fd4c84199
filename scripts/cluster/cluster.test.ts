// Issue 18, "Scale-out, proven": the cluster of `npm run cluster` (3 replicas on one PostgreSQL, files
// in S3 via s3rver, haproxy round robin without stickiness), driven over HTTP. "Through replica X" means
// addressing that replica directly; the rest goes through the balancer, as a browser would.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { replyFor, startFakeProvider, type FakeProvider } from "../../e2e/support/fake-provider";
import { tempDataDir } from "../../bench/setup";
import type { App } from "../../src/server/app";
import { addMember, call, createOrg, setActive, signUp, type Identity } from "../../src/server/test/http";
import { connectOpenAI, createAgent } from "../../src/server/test/seed";
import { INTERRUPTED_TEXT } from "../../src/server/chat/recover";
import { readTextParts } from "../../src/server/test/reply-text";
import { findHaproxy } from "./haproxy";
import { startCluster, type Cluster } from "./start-cluster";

const ORIGIN = "http://localhost";
const missing = !process.env.TEST_DATABASE_URL
  ? "TEST_DATABASE_URL is not set (the replicas share one PostgreSQL)"
  : !findHaproxy()
    ? "haproxy is not installed (apt-get install -y haproxy)"
    : null;
// CI has both (.ci/run): there a missing part fails instead of skipping.
if (missing && process.env.CI === "true") throw new Error(`cluster test: ${missing}`);

let fake: FakeProvider;
let cluster: Cluster;

/** The test helpers' `app.request` over real HTTP to one replica or the balancer. */
const at = (base: string) =>
  ({
    request: (path: string, init: RequestInit = {}) =>
      fetch(base + path, { ...init, headers: { origin: ORIGIN, ...(init.headers as Record<string, string>) } }),
  }) as unknown as App;

const replica = (i: number) => at(cluster.replicas[i]!.url);
const balancer = () => at(cluster.url);

beforeAll(async () => {
  if (missing) return;
  fake = await startFakeProvider();
  cluster = await startCluster({
    databaseUrl: process.env.TEST_DATABASE_URL!,
    dir: tempDataDir(),
    secretKey: "cluster-test-secret-key-0123456789",
    publicUrl: ORIGIN,
    serverArgs: ["--import", "tsx", "src/server/main.ts"],
    env: {
      OPENAI_BASE_URL: `${fake.url}/v1`,
      // Other test files share the database: no scheduled tasks or ingestion of theirs here.
      SCHEDULER: "off",
      KB_INGEST_CONCURRENCY: "0",
      LOG_LEVEL: "info",
      // Every test client comes from one address.
      AUTH_RATE_LIMIT_MAX: "100000",
      AUTH_API_RATE_LIMIT_MAX: "100000",
    },
  });
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await fake?.close();
});

async function orgWithAgent(label: string, app = balancer()) {
  const admin = await signUp(app, label);
  const org = await createOrg(app, admin);
  await setActive(app, admin, org.id);
  await connectOpenAI(app, admin, org.id);
  const agent = await createAgent(app, admin, org.id);
  return { admin, org, agent };
}

function postChat(app: App, who: Identity, orgId: string, agentId: number, content: string, threadId?: string) {
  return app.request(`/api/chat?orgId=${orgId}`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${who.token}` },
    body: JSON.stringify({
      agentId,
      threadId: threadId ?? null,
      messages: [{ id: randomUUID(), role: "user", content }],
    }),
  });
}

/** The text of a reply's lines, read until `count` text parts arrived (or to the end without a count). */
async function readText(res: Response, count = Infinity) {
  const reader = res.body!.getReader();
  const { text } = await readTextParts(reader, count);
  if (count !== Infinity) await reader.cancel(); // the page is refreshed: this client leaves
  return text;
}

async function lastReply(app: App, who: Identity, threadId: string) {
  const res = await call(app, "GET", `/api/getConversation?threadId=${threadId}`, { token: who.token });
  return (res.body.messages as Array<{ role: string; content: string; status?: string; error?: string }>)
    .filter((m) => m.role === "assistant")
    .at(-1);
}

/** Waits until `check` holds on every replica but `except`; returns how long that took (ms). */
async function holdsEverywhere(except: number, check: (app: App) => Promise<boolean>) {
  const started = Date.now();
  const others = cluster.replicas.map((_, i) => i).filter((i) => i !== except);
  for (;;) {
    const ok = await Promise.all(others.map((i) => check(replica(i))));
    if (ok.every(Boolean)) return Date.now() - started;
    if (Date.now() - started > 5_000) throw new Error("did not hold on every replica within 5 s");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(missing)(
  `3 replicas behind haproxy on one PostgreSQL${missing ? ` — skipped: ${missing}` : ""}`,
  () => {
    it("sign in through one replica and act through another; the balancer sends one client to every replica", async () => {
      const who = await signUp(replica(0), "cluster-signin");
      const signIn = await call(replica(1), "POST", "/api/auth/sign-in/email", {
        body: { email: who.email, password: "correct-horse-battery" },
      });
      expect(signIn.status).toBe(200);
      const token = signIn.headers.get("set-auth-token")!;
      const me = { ...who, token };
      const org = await createOrg(replica(2), me);
      await setActive(replica(0), me, org.id);
      await connectOpenAI(replica(1), me, org.id);
      const agent = await createAgent(replica(2), me, org.id, { name: "Made on replica 3" });

      const servedBy = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const res = await call(balancer(), "GET", `/api/agents?orgId=${org.id}`, { token });
        expect(res.status).toBe(200);
        expect((res.body as Array<{ id: number }>).map((a) => a.id)).toContain(agent.id);
        servedBy.add(res.headers.get("x-served-by")!);
      }
      expect([...servedBy].sort()).toEqual(["replica1", "replica2", "replica3"]);
    }, 30_000);

    it("a reply started through one replica is resumed through another after a refresh: replayed, no word lost or doubled", async () => {
      const { admin, org, agent } = await orgWithAgent("cluster-resume");
      const content = "[long] resume me elsewhere";
      const started = await postChat(replica(0), admin, org.id, agent.id, content);
      expect(started.status).toBe(200);
      const threadId = started.headers.get("x-thread-id")!;
      const before = await readText(started, 10);

      const resumed = await replica(1).request(`/api/chat?orgId=${org.id}&chatId=${threadId}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(resumed.status).toBe(200);
      const text = await readText(resumed);
      const expected = replyFor({ messages: [{ role: "user", content }] }).text!;
      expect(text.startsWith(before)).toBe(true);
      expect(text).toBe(expected);
      expect(await lastReply(replica(2), admin, threadId)).toMatchObject({ content: expected });
      // Finished: no replica has a reply to resume any more.
      const after = await balancer().request(`/api/chat?orgId=${org.id}&chatId=${threadId}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(after.status).toBe(204);
    }, 60_000);

    it("a sign-out, a removed member and a revoked API key hold on every replica at once", async () => {
      const { admin, org } = await orgWithAgent("cluster-revoke");
      const member = await signUp(balancer(), "cluster-member");
      await addMember(balancer(), admin, org.id, member, "org:member");
      const leaving = await signUp(balancer(), "cluster-leaving");
      const key = (await call(balancer(), "GET", `/api/getAPIKey?orgId=${org.id}`, { token: admin.token })).body
        .apiKey as string;
      // Every replica has each of them cached as valid.
      for (let i = 0; i < 3; i++) {
        expect((await call(replica(i), "GET", "/api/getUser", { token: leaving.token })).status).toBe(200);
        expect((await call(replica(i), "GET", `/api/agents?orgId=${org.id}`, { token: member.token })).status).toBe(
          200,
        );
        expect((await call(replica(i), "GET", `/api/agents?orgId=${org.id}`, { token: key })).status).toBe(200);
      }

      expect((await call(replica(0), "POST", "/api/auth/sign-out", { token: leaving.token, body: {} })).status).toBe(
        200,
      );
      const signOut = await holdsEverywhere(
        0,
        async (app) => (await call(app, "GET", "/api/getUser", { token: leaving.token })).status === 401,
      );

      const removed = await call(replica(1), "POST", "/api/auth/organization/remove-member", {
        token: admin.token,
        body: { memberIdOrEmail: member.email, organizationId: org.id },
      });
      expect(removed.status).toBe(200);
      const removal = await holdsEverywhere(
        1,
        async (app) => (await call(app, "GET", `/api/agents?orgId=${org.id}`, { token: member.token })).status === 404,
      );

      expect((await call(replica(2), "POST", `/api/revokeAPIKey?orgId=${org.id}`, { token: admin.token })).status).toBe(
        200,
      );
      const revocation = await holdsEverywhere(
        2,
        async (app) => (await call(app, "GET", `/api/agents?orgId=${org.id}`, { token: key })).status === 401,
      );
      console.info(
        `cluster: held on the other replicas after sign-out ${signOut} ms, removal ${removal} ms, key revocation ${revocation} ms`,
      );
      // The replicas hear each other through LISTEN/NOTIFY; without it they would wait for their 30 s TTL.
      expect(Math.max(signOut, removal, revocation)).toBeLessThan(2_000);
    }, 60_000);

    it("a file uploaded through one replica is downloaded through another (S3)", async () => {
      const { admin, org } = await orgWithAgent("cluster-files");
      const presigned = await call(replica(0), "POST", `/api/upload/presigned?orgId=${org.id}`, {
        token: admin.token,
        body: { filename: "shared.txt", contentType: "text/plain" },
      });
      expect(presigned.status).toBe(200);
      const { url, method, headers, key } = presigned.body as {
        url: string;
        method: string;
        headers: Record<string, string>;
        key: string;
      };
      expect(url.startsWith(cluster.s3Endpoint!)).toBe(true);
      expect((await fetch(url, { method, headers, body: "shared through S3" })).status).toBe(200);

      for (const app of [replica(1), replica(2), balancer()]) {
        const download = await call(app, "POST", `/api/files/presigned_download?orgId=${org.id}`, {
          token: admin.token,
          body: { r2Path: key, filename: "shared.txt" },
        });
        expect(download.status).toBe(200);
        const file = await fetch(download.body.signedUrl as string);
        expect(await file.text()).toBe("shared through S3");
      }
    }, 30_000);

    it("kill -9 of the replica running a reply: the client resumes through the balancer and the reply is kept, marked interrupted", async () => {
      const { admin, org, agent } = await orgWithAgent("cluster-kill");
      const started = await postChat(balancer(), admin, org.id, agent.id, "[long] survive the crash");
      expect(started.status).toBe(200);
      const threadId = started.headers.get("x-thread-id")!;
      const owner = cluster.replicas.findIndex((r) => r.name === started.headers.get("x-served-by"));
      expect(owner).toBeGreaterThanOrEqual(0);
      const before = await readText(started, 12);

      const victim = cluster.replicas[owner]!.child;
      victim.kill("SIGKILL");
      await new Promise<void>((r) =>
        victim.exitCode !== null || victim.signalCode ? r() : victim.once("exit", () => r()),
      );
      // The other tests address every replica: bring it back whatever happens here.
      try {
        const killedAt = Date.now();

        // The refreshed page asks the balancer, which skips the dead replica; the survivor replays what was
        // stored and ends the stream once the reply is marked interrupted (decision 088). On a busy machine
        // the survivor may have marked it (its check runs every 2 s) before the page asks: then there is
        // nothing left to resume (204) and the page shows the stored reply.
        const resumed = await balancer().request(`/api/chat?orgId=${org.id}&chatId=${threadId}`, {
          headers: { authorization: `Bearer ${admin.token}` },
        });
        expect([200, 204]).toContain(resumed.status);
        const text = resumed.status === 200 ? await readText(resumed) : null;
        console.info(
          `cluster: resume after kill -9 ended ${Date.now() - killedAt} ms after the kill (${resumed.status})`,
        );
        const kept = await lastReply(balancer(), admin, threadId);
        expect(kept).toMatchObject({ status: "interrupted", error: INTERRUPTED_TEXT });
        expect(kept!.content.startsWith(before)).toBe(true);
        if (text !== null) expect(kept!.content).toBe(text);

        const next = await postChat(balancer(), admin, org.id, agent.id, "still there?", threadId);
        expect(next.status).toBe(200);
        expect(await readText(next)).toBe("You said: still there?");
      } finally {
        await cluster.restart(owner);
      }
    }, 90_000);
  },
);
