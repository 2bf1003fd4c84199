// For benches that call the server's code in their own process (no HTTP): the app and its services on
// DATABASE_URL (or PGlite in memory), and a signed-up user's organisation with one agent.
import { randomUUID } from "node:crypto";
import { loadConfig } from "../src/server/config";
import { createApp } from "../src/server/app";
import { createServices } from "../src/server/services";
import { setLogLevel } from "../src/server/logger";
import { inProcessClient, tempDataDir } from "./setup";

export async function inProcessOrg(name: string) {
  setLogLevel("error");
  const config = loadConfig({
    ...process.env,
    DATA_DIR: tempDataDir(),
    SECRET_KEY: `bench-secret-key-for-switchboard-${name}`,
    PUBLIC_URL: "http://localhost:3000",
    AUTH_RATE_LIMIT_MAX: "100000",
    AUTH_API_RATE_LIMIT_MAX: "100000",
    LOG_LEVEL: "silent",
  });
  const services = await createServices(config, { inMemoryDb: !config.databaseUrl });
  const app = createApp({ config, auth: services.auth });
  const request = inProcessClient(app);
  const up = await request("POST", "/api/auth/sign-up/email", undefined, {
    email: `${name}-${randomUUID().slice(0, 8)}@example.com`,
    password: "bench-password-1",
    name: `${name} bench`,
  });
  const token = up.headers.get("set-auth-token")!;
  const userId = up.body.user.id as string;
  const orgId = (await request("POST", "/api/auth/organization/create", token, { name, slug: `${name}-${Date.now()}` }))
    .body.id as string;
  const agentId = (await request("POST", `/api/agents?orgId=${orgId}`, token, { name: "A", model: "openai:gpt-4.1" }))
    .body.id as number;
  return { config, services, userId, orgId, agentId };
}
