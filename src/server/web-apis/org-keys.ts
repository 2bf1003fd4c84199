// The keys a web research tool runs on (decision 092): the organisation's own, when an admin connected the
// service in Integrations, else the operator's from the environment. The organisation's are read where the
// client is built, for the calling organisation only, and never leave the server.
import { getCredentials } from "../providers/connection-store";
import type { WebServiceKey } from "../../shared/connections/web-services";

/** Who set the keys a call uses: it decides who is told to fix them when the service refuses them. */
export type KeyOwner = { kind: "operator"; settings: string } | { kind: "organization"; service: string };

export const operatorKeys = (settings: string): KeyOwner => ({ kind: "operator", settings });
export const organizationKeys = (service: string): KeyOwner => ({ kind: "organization", service });

/** "The server operator must check PERPLEXITY_API_KEY." or "An organization admin must check …". */
export const keyFix = (owner: KeyOwner) =>
  owner.kind === "operator"
    ? `The server operator must check ${owner.settings}.`
    : `An organization admin must check the ${owner.service} keys in Integrations.`;

/**
 * The organisation's own keys for a web service, each value trimmed, or null when it has none. Stored
 * values passed the service's schema when saved, so every required field is there.
 */
export async function orgServiceKeys(orgId: string, service: WebServiceKey): Promise<Record<string, string> | null> {
  const stored = await getCredentials({ orgId, key: service });
  if (!stored) return null;
  return Object.fromEntries(
    Object.entries(stored).map(([field, value]) => [field, typeof value === "string" ? value.trim() : String(value)]),
  );
}
