// Shared bench setup: a Switchboard server (in this process or a child), a user, an organisation
// with OpenAI connected (pointed at the fake provider) and an agent.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export async function json(url: string, init: RequestInit & { token?: string } = {}) {
  // Node's fetch sends Sec-Fetch-Mode like a browser, so Better Auth wants a trusted Origin too.
  const headers: Record<string, string> = { "content-type": "application/json", origin: "http://localhost", ...(init.headers as Record<string, string>) };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${url} → ${res.status} ${text}`);
  return { body: text ? JSON.parse(text) : null, headers: res.headers };
}

export async function provision(base: string) {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const up = await json(`${base}/api/auth/sign-up/email`, { method: "POST", body: JSON.stringify({ email, password: "bench-password-1", name: "Bench" }) });
  const token = up.headers.get("set-auth-token")!;
  const org = (await json(`${base}/api/auth/organization/create`, { method: "POST", token, body: JSON.stringify({ name: "Bench", slug: `bench-${Date.now()}` }) })).body;
  await json(`${base}/api/auth/organization/set-active`, { method: "POST", token, body: JSON.stringify({ organizationId: org.id }) });
  await json(`${base}/api/updateConnections`, { method: "POST", token, body: JSON.stringify({ openai: { OPENAI_API_KEY: "sk-bench" } }) });
  const agent = (await json(`${base}/api/agents`, { method: "POST", token, body: JSON.stringify({ name: "Bench agent", model: "openai:gpt-4.1" }) })).body;
  return { token, orgId: org.id as string, agentId: agent.id as number };
}

export const tempDataDir = () => mkdtempSync(path.join(os.tmpdir(), "sb-bench-"));

export function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export const fmt = (n: number) => n.toFixed(2);
