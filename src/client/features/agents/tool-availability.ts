// Whether a tool can be switched on for this organisation (TOOL-04/05): integration tools need
// their integration connected; Google Sheets needs the OAuth scopes on the user's account. Apart from
// that, a tool neither the server operator nor the organisation configured is marked (decisions 080, 092),
// not disabled.
import type { ToolMetadata } from "@/tools/define-tool";
import { INTEGRATION_BY_KEY, isOAuthConnected } from "@/shared/connections/integrations";
import { WEB_SERVICE_BY_KEY, WEB_SERVICE_OF_TOOL } from "@/shared/connections/web-services";
import type { ExternalAccount } from "@/shared/org";

export interface ToolEnvironment {
  connections: Record<string, unknown>;
  externalAccounts: Pick<ExternalAccount, "approvedScopes">[];
  /** The organisation's unconfiguredTools (GET /api/getUser): tools missing keys (operator's or its own) or SMTP. */
  unconfiguredTools?: readonly string[];
}

export const NOT_CONFIGURED = "Not configured";
export const NOT_CONFIGURED_HINT =
  "The server operator has not set this tool up yet (its key or mail server is missing); until then it answers an error.";

/** Why a tool is marked and who can fix it: a web tool's keys may come from the organisation (decision 092). */
export function notConfiguredHint(tool: Pick<ToolMetadata, "name">): string {
  const service = WEB_SERVICE_BY_KEY[WEB_SERVICE_OF_TOOL[tool.name] ?? ""];
  if (!service) return NOT_CONFIGURED_HINT;
  return `No ${service.name} key yet: an admin can add one in Control Hub → Integrations, or the server operator can set one. Until then the tool answers an error.`;
}

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
