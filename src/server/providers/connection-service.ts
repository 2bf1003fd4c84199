// Connect, edit and disconnect providers and integrations. Edit forms show secrets masked; a secret
// field left empty on update keeps the stored value, unless the update changes where the secrets go
// (a destination field): then every stored secret is dropped and must be entered again (decision 026).
import { AppError } from "../errors";
import { connectionDefinition } from "../../shared/connections/catalog";
import { changedDestination } from "../../shared/connections/secret-reuse";
import { isSecretField, type ConnectionDefinition } from "../../shared/connections/types";
import { deleteCredentials, getCredentials, saveCredentials, type Credentials } from "./connection-store";
import { checkProviderKey, type KeyCheck } from "./key-check";

export function requireDefinition(key: string): ConnectionDefinition {
  const def = connectionDefinition(key);
  if (!def) throw new AppError("bad_request", "Invalid integration schema");
  if (def.comingSoon) throw new AppError("bad_request", `${def.name} is coming soon`);
  if (def.requiresOAuth)
    throw new AppError("bad_request", `${def.name} connects through your Google account, not a form`);
  return def;
}

/** Validates with the definition's schema; errors carry one message per field. */
export function validateCredentials(def: ConnectionDefinition, data: Credentials): Credentials {
  const parsed = def.schema.safeParse(data);
  if (parsed.success) return parsed.data as Credentials;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "_");
    fields[field] ??= issue.message;
  }
  throw new AppError("bad_request", Object.values(fields)[0] ?? "Please correct the form errors", { fields });
}

/**
 * Stored values, then the submitted ones; empty secret fields keep what was stored, except when the
 * submission changes a destination field: then no stored secret survives, and a required one fails
 * validation with its own "… is required" message.
 */
export function mergeForUpdate(def: ConnectionDefinition, stored: Credentials, submitted: Credentials): Credentials {
  const merged: Credentials = { ...stored };
  if (changedDestination(def, stored, submitted))
    for (const field of Object.keys(merged)) if (isSecretField(field)) delete merged[field];
  for (const [field, value] of Object.entries(submitted)) {
    if (isSecretField(field) && (value === "" || value === undefined || value === null)) continue;
    merged[field] = value;
  }
  return merged;
}

const stripEmpty = (data: Credentials) =>
  Object.fromEntries(Object.entries(data).filter(([, v]) => v !== "" && v !== undefined && v !== null));

/**
 * Saves a connection. A model provider's key is first checked with the provider when `checkKeys` is
 * on (decision 082): a refusal throws, an unreachable provider saves with a warning.
 */
export async function connect({
  orgId,
  key,
  data,
  update,
  checkKeys = false,
}: {
  orgId: string;
  key: string;
  data: Credentials;
  update: boolean;
  checkKeys?: boolean;
}): Promise<KeyCheck> {
  const def = requireDefinition(key);
  const stored = update ? await getCredentials({ orgId, key }) : null;
  if (update && !stored) throw new AppError("not_found", `${def.name} is not connected`);
  const merged = stored ? mergeForUpdate(def, stored, data) : data;
  const valid = stripEmpty(validateCredentials(def, merged));
  const check: KeyCheck =
    checkKeys && def.kind === "provider" ? await checkProviderKey(key, valid) : { outcome: "not-checked" };
  await saveCredentials({ orgId, key, data: valid });
  return check;
}

export async function disconnect({ orgId, key }: { orgId: string; key: string }) {
  const def = connectionDefinition(key);
  if (!def) throw new AppError("bad_request", "Invalid integration schema");
  if (!(await deleteCredentials({ orgId, key }))) throw new AppError("not_found", `${def.name} is not connected`);
}

/** What an edit form may show: non-secret values as stored, secrets only as "set". */
export async function describeConnection({ orgId, key }: { orgId: string; key: string }) {
  const def = connectionDefinition(key);
  if (!def) throw new AppError("not_found", "Connection not found");
  const stored = await getCredentials({ orgId, key });
  const values: Record<string, unknown> = {};
  const secretsSet: string[] = [];
  for (const [field, value] of Object.entries(stored ?? {})) {
    if (isSecretField(field)) secretsSet.push(field);
    else values[field] = value;
  }
  return { key, isConnected: !!stored, values, secretsSet };
}
