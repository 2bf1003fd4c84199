// Whether a tool can be switched on for this organisation (TOOL-04/05): integration tools need
// their integration connected; Google Sheets needs the OAuth scopes on the user's account. Apart from
// that, a tool the server operator has not configured is marked (decision 080), not disabled.
import type { ToolMetadata } from "@/tools/define-tool";
import { INTEGRATION_BY_KEY, isOAuthConnected } from "@/shared/connections/integrations";
import type { ExternalAccount } from "@/shared/org";

export interface ToolEnvironment {
  connections: Record<string, unknown>;
  externalAccounts: Pick<ExternalAccount, "approvedScopes">[];
  /** GET /api/getUser's unconfiguredTools: tools missing the operator's keys or SMTP. */
  unconfiguredTools?: readonly string[];
}

export const NOT_CONFIGURED = "Not configured";
export const NOT_CONFIGURED_HINT =
  "The server operator has not set this tool up yet (its key or mail server is missing); until then it answers an error.";

/** Whether the tool waits for the operator's configuration. It may still be switched on: the operator may add it later. */
export function toolNotConfigured(tool: Pick<ToolMetadata, "name">, env: ToolEnvironment): boolean {
  return env.unconfiguredTools?.includes(tool.name) ?? false;
}

/** null when the tool can be used, else why not: "Requires the PostgreSQL integration". */
export function toolUnavailableReason(
  tool: Pick<ToolMetadata, "requiredIntegration">,
  env: ToolEnvironment,
): string | null {
  const key = tool.requiredIntegration;
  if (!key) return null;
  const def = INTEGRATION_BY_KEY[key];
  const connected = def?.requiresOAuth ? isOAuthConnected(def, env.externalAccounts) : Boolean(env.connections[key]);
  return connected ? null : `Requires the ${def?.name ?? key} integration`;
}
