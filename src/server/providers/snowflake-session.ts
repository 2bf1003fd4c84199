// One Snowflake session for one tool call: the organisation's stored credentials, connected, used and
// closed. Errors the model should see come back as messages; an unconnected organisation names the
// integration.
import { getCredentials } from "./connection-store";
import { validateCredentials } from "./connection-service";
import { INTEGRATION_BY_KEY } from "../../shared/connections/integrations";
import {
  closeSnowflake,
  connectSnowflake,
  type SnowflakeConnection,
  type SnowflakeCredentials,
} from "./snowflake-client";

export const SNOWFLAKE_NOT_CONNECTED =
  "Snowflake is not connected. An admin can connect it under Control Hub → Integrations.";

/** Longest a login and one statement may take (mutable for tests). */
export const SNOWFLAKE_LIMITS = { loginTimeoutMs: 20_000, statementTimeoutSeconds: 30, maxRows: 1000 };

export async function withSnowflake<T>(
  orgId: string,
  use: (connection: SnowflakeConnection, creds: SnowflakeCredentials) => Promise<T>,
): Promise<T | { notConnected: true }> {
  const stored = await getCredentials({ orgId, key: "snowflake" });
  if (!stored) return { notConnected: true };
  const creds = validateCredentials(INTEGRATION_BY_KEY.snowflake!, stored) as unknown as SnowflakeCredentials;
  const connection = await connectSnowflake(creds, SNOWFLAKE_LIMITS.loginTimeoutMs);
  try {
    return await use(connection, creds);
  } finally {
    await closeSnowflake(connection);
  }
}
