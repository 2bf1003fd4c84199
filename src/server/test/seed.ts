// Seeding organisation data through the API, as an admin would.
import { randomUUID } from "node:crypto";
import type { App } from "../app";
import { call, type Identity } from "./http";

export async function connectOpenAI(app: App, admin: Identity, orgId: string, key = `sk-test-${randomUUID()}`) {
  const res = await call(app, "POST", `/api/updateConnections?orgId=${orgId}`, {
    token: admin.token,
    body: { action: "create", key: "openai", data: { OPENAI_API_KEY: key } },
  });
  if (res.status !== 200) throw new Error(`connect openai failed: ${res.status} ${res.text}`);
  return key;
}

export async function createAgent(app: App, admin: Identity, orgId: string, fields: Record<string, unknown> = {}) {
  const res = await call(app, "POST", `/api/agents?orgId=${orgId}`, {
    token: admin.token,
    body: { name: `Agent ${randomUUID().slice(0, 8)}`, model: "openai:gpt-4.1", ...fields },
  });
  if (res.status !== 201) throw new Error(`create agent failed: ${res.status} ${res.text}`);
  return res.body as { id: number; name: string; [k: string]: unknown };
}
