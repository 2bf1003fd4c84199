// "Test connection" for PostgreSQL: the server connects with the given data merged with what is stored.
import { errorMessage, HttpError } from "@/client/lib/api";
import { testPostgresConnection } from "./api/test-postgres";

export interface TestOutcome {
  ok: boolean;
  message: string;
}

export async function runPostgresTest(orgId: string, data: Record<string, unknown>): Promise<TestOutcome> {
  try {
    const res = await testPostgresConnection(orgId, data);
    return res.ok
      ? { ok: true, message: `Connection successful: ${shortVersion(res.version)}` }
      : { ok: false, message: `Connection failed: ${res.error}` };
  } catch (failure) {
    if (failure instanceof HttpError)
      return { ok: false, message: `Connection failed: ${errorMessage(failure, "the test could not be run")}` };
    return { ok: false, message: "Connection failed: the server could not be reached" };
  }
}

/** "PostgreSQL 15.20 (Debian …) on x86_64…" → "PostgreSQL 15.20"; anything else as it is. */
export const shortVersion = (version: string) => version.match(/^PostgreSQL [\d.]+\S*/)?.[0] ?? version;
