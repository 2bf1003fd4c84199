// POST /api/updateConnections, GET /api/getConnection and the Postgres test. Callers decide what to
// toast; these only talk to the server.
import { authFetch, type ApiFailure } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";

export const connectionKey = (orgId: string, key: string) => orgPath(orgId, `/api/getConnection?key=${encodeURIComponent(key)}`);

export type ConnectionAction = "create" | "update" | "delete";

export function updateConnection(orgId: string, action: ConnectionAction, key: string, data: Record<string, unknown> = {}) {
  return authFetch<{ success: true; connections: Record<string, unknown> }>(orgPath(orgId, "/api/updateConnections"), {
    method: "POST",
    body: { action, key, data },
  });
}

export type PostgresTestResult = { ok: true; version: string } | { ok: false; error: string };

/** The form's values are merged with the stored secrets by the server. */
export async function testPostgresConnection(orgId: string, data: Record<string, unknown>): Promise<PostgresTestResult | ApiFailure> {
  return authFetch<PostgresTestResult>(orgPath(orgId, "/api/integrations/postgres/test"), { method: "POST", body: { data } });
}
