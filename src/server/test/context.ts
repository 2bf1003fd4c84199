// Test harness: one migrated database and app per worker and database kind, shared by the files the
// worker runs. Tests isolate themselves by creating their own users and organisations.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig, type Config } from "../config";
import { createApp, type App } from "../app";
import { setDb } from "../db/client";
import { createServices, type Services } from "../services";
import { setLogLevel } from "../logger";
import { holdReplicaLock } from "../chat/replica-lock";
import { INSTANCE_ID } from "../chat/stream-hub";

export interface TestContext {
  app: App;
  config: Config;
  services: Services;
  kind: "pglite" | "postgres";
}

const cache = ((globalThis as Record<string, unknown>).__switchboardTest ??= new Map()) as Map<
  string,
  Promise<TestContext>
>;

export function testConfig(overrides: Record<string, string> = {}) {
  return loadConfig({
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sb-test-")),
    SECRET_KEY: "test-secret-key-for-switchboard-tests",
    PUBLIC_URL: "http://localhost:3000",
    AUTH_RATE_LIMIT_MAX: "100000",
    // Every test (or bench) client comes from one address: lift the per-address limit on other auth calls.
    AUTH_API_RATE_LIMIT_MAX: "100000",
    LOG_LEVEL: "silent",
    // Tests that save keys without a provider stand-in must not ask the real providers; the key check
    // has its own tests (providers/key-check.test.ts) against loopback stand-ins.
    PROVIDER_KEY_CHECK: "off",
    ...overrides,
  });
}

async function create(kind: "pglite" | "postgres"): Promise<TestContext> {
  setLogLevel("error");
  const url = kind === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
  if (kind === "postgres" && !url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const config = testConfig(url ? { DATABASE_URL: url } : {});
  const services = await createServices(config, { inMemoryDb: kind === "pglite" });
  // Server processes that tests start on the same database take over the replies of any process holding
  // no replica lock (decision 088): this worker's replies must look alive to them, as a server's would.
  if (url) await holdReplicaLock(url, INSTANCE_ID);
  return { app: createApp({ config, auth: services.auth }), config, services, kind };
}

/** The worker's shared context for the database kind of this test project. */
export async function getTestContext(): Promise<TestContext> {
  const kind = process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
  if (!cache.has(kind)) cache.set(kind, create(kind));
  const ctx = await cache.get(kind)!;
  setDb(ctx.services.database.db);
  return ctx;
}
