// "Test connection" for PostgreSQL: the server connects with the given data merged with what is stored.
import { errorMessage, isApiFailure } from "@/client/lib/api";
import { testPostgresConnection } from "@/client/lib/connections/api";

export interface TestOutcome {
  ok: boolean;
  message: string;
}

export async function runPostgresTest(orgId: string, data: Record<string, unknown>): Promise<TestOutcome> {
  try {
    const res = await testPostgresConnection(orgId, data);
    if (isApiFailure(res)) return { ok: false, message: `Connection failed: ${errorMessage(res, "the test could not be run")}` };
    return res.ok ? { ok: true, message: `Connection successful: ${shortVersion(res.version)}` } : { ok: false, message: `Connection failed: ${res.error}` };
  } catch {
    return { ok: false, message: "Connection failed: the server could not be reached" };
  }
}

/** "PostgreSQL 15.20 (Debian …) on x86_64…" → "PostgreSQL 15.20"; anything else as it is. */
export const shortVersion = (version: string) => version.match(/^PostgreSQL [\d.]+\S*/)?.[0] ?? version;
