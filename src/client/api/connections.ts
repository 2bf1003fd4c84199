// The organisation's provider and integration connections (hub §4/§5, §7): one stored connection for an
// edit form (its non-secret values and which secrets are set) and create/update/delete. The connected
// state itself arrives with GET /api/getUser (user-info.ts).
import useSWR from "swr";
import { callApi, fetcher, type HttpError } from "@/client/lib/api";
import type { StoredConnection } from "@/client/lib/connections/form";
import { orgPath } from "@/client/lib/org-api";

export const connectionKey = (orgId: string, key: string) =>
  orgPath(orgId, `/api/getConnection?key=${encodeURIComponent(key)}`);

export function useConnection(orgId: string, key: string) {
  return useSWR<StoredConnection, HttpError>(connectionKey(orgId, key), fetcher);
}

export type ConnectionAction = "create" | "update" | "delete";

/** An empty secret on update keeps the stored one; a refusal's body may carry `details.fields`. */
export const updateConnection = (
  orgId: string,
  action: ConnectionAction,
  key: string,
  data: Record<string, unknown> = {},
) =>
  callApi<SavedConnections>(orgPath(orgId, "/api/updateConnections"), {
    method: "POST",
    body: { action, key, data },
  });

/** `warning`: saved, but the provider could not be asked whether the key works (decision 082). */
export interface SavedConnections {
  success: true;
  connections: Record<string, unknown>;
  warning?: string;
}

/** The bulk form `{ [key]: data }` (chat §7), which onboarding uses to connect its provider. */
export const saveConnections = (orgId: string, connections: Record<string, Record<string, string>>) =>
  callApi<SavedConnections>(orgPath(orgId, "/api/updateConnections"), {
    method: "POST",
    body: connections,
  });
