// POST /api/integrations/postgres/test: the server connects with the form's values merged with the
// stored secrets. A refused test (bad input, not admin) throws HttpError; a failed connection is a
// normal answer.
import { callApi } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";

export type PostgresTestResult = { ok: true; version: string } | { ok: false; error: string };

export const testPostgresConnection = (orgId: string, data: Record<string, unknown>) =>
  callApi<PostgresTestResult>(orgPath(orgId, "/api/integrations/postgres/test"), { method: "POST", body: { data } });
