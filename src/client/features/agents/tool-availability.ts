// Whether a tool can be switched on for this organisation (TOOL-04/05): integration tools need
// their integration connected; Google Sheets needs the OAuth scopes on the user's account.
import type { ToolMetadata } from "@/tools/define-tool";
import { INTEGRATION_BY_KEY, isOAuthConnected } from "@/shared/connections/integrations";
import type { ExternalAccount } from "@/shared/org";

export interface ToolEnvironment {
  connections: Record<string, unknown>;
  externalAccounts: Pick<ExternalAccount, "approvedScopes">[];
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
