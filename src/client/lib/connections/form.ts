// Connection forms generated from a ConnectionDefinition (hub §4/§5): initial values, which fields
// show, client-side validation with the definition's own zod schema, and the payload to send.
import { changedDestination } from "@/shared/connections/secret-reuse";
import { fieldInputType, isSecretField, type ConnectionDefinition } from "@/shared/connections/types";

export type FormValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

/** What GET /api/getConnection tells an edit form. */
export interface StoredConnection {
  key: string;
  isConnected: boolean;
  values: Record<string, unknown>;
  secretsSet: string[];
}

export const FORM_ERRORS_MESSAGE = "Please correct the form errors";
/** Placeholder of a secret that is stored and left untouched (never the value itself). */
export const UNCHANGED_SECRET_PLACEHOLDER = "••••••••  (unchanged)";

export function initialValues(def: ConnectionDefinition, stored?: StoredConnection): FormValues {
  const values: FormValues = {};
  for (const field of def.fields) {
    const storedValue = stored?.values[field];
    const fallback = def.fieldConfig?.[field]?.defaultValue;
    values[field] =
      storedValue !== undefined && storedValue !== null
        ? String(storedValue)
        : fallback !== undefined
          ? String(fallback)
          : "";
  }
  return values;
}

export function isFieldVisible(def: ConnectionDefinition, field: string, values: FormValues): boolean {
  const when = def.fieldConfig?.[field]?.showWhen;
  return !when || when.equals.includes(values[when.field] ?? "");
}

export const visibleFields = (def: ConnectionDefinition, values: FormValues) =>
  def.fields.filter((f) => isFieldVisible(def, f, values));

export const isOptionalField = (def: ConnectionDefinition, field: string) =>
  def.optionalFields?.includes(field) ?? false;

/** A stored secret the user left empty: the server keeps it, so it counts as filled in. */
const keepsStoredSecret = (field: string, value: string, secretsSet: readonly string[]) =>
  value === "" && isSecretField(field) && secretsSet.includes(field);

/**
 * The data to send: visible fields only, empty values left out (the schema's defaults and optional
 * fields apply; an empty secret on update keeps the stored one), numbers as numbers.
 */
export function connectionPayload(def: ConnectionDefinition, values: FormValues): Record<string, string | number> {
  const data: Record<string, string | number> = {};
  for (const field of visibleFields(def, values)) {
    const raw = values[field] ?? "";
    const value = fieldInputType(field, def.fieldConfig?.[field]) === "textarea" ? raw : raw.trim();
    if (value === "") continue;
    data[field] =
      fieldInputType(field, def.fieldConfig?.[field]) === "number" && /^-?\d+(\.\d+)?$/.test(value)
        ? Number(value)
        : value;
  }
  return data;
}

/**
 * The stored secrets an edit may leave empty, and the destination field whose change voids them: once
 * the host, URL, region or login changes, stored secrets are not sent there and must be entered again.
 */
export function keptSecrets(
  def: ConnectionDefinition,
  values: FormValues,
  stored?: StoredConnection,
): { kept: readonly string[]; changed: string | null } {
  if (!stored) return { kept: [], changed: null };
  const changed = changedDestination(def, stored.values, connectionPayload(def, values));
  return { kept: changed ? [] : stored.secretsSet, changed };
}

/** Under a stored secret that must be typed again because `changedLabel` changed. */
export const reenterSecretHint = (changedLabel: string) =>
  `Enter it again: ${changedLabel} changed, and a stored secret is only sent where it was saved.`;

/**
 * Validates with the definition's schema and returns one message per field. An error on a hidden
 * field moves to the visible field that replaces it (Snowflake's combined password/token error shows
 * under the token when PAT auth is chosen).
 */
export function validateConnection(
  def: ConnectionDefinition,
  values: FormValues,
  secretsSet: readonly string[] = [],
): FieldErrors {
  const candidate: Record<string, unknown> = connectionPayload(def, values);
  for (const field of visibleFields(def, values)) {
    if (keepsStoredSecret(field, values[field] ?? "", secretsSet)) candidate[field] = "stored";
  }
  const parsed = def.schema.safeParse(candidate);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = displayedField(def, String(issue.path[0] ?? ""), values);
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

function displayedField(def: ConnectionDefinition, field: string, values: FormValues): string | undefined {
  if (!def.fields.includes(field)) return def.fields[0];
  if (isFieldVisible(def, field, values)) return field;
  const controller = def.fieldConfig?.[field]?.showWhen?.field;
  return def.fields.find(
    (f) => f !== field && def.fieldConfig?.[f]?.showWhen?.field === controller && isFieldVisible(def, f, values),
  );
}

/** Per-field messages from a failed save (`details.fields` of the API error). */
export function serverFieldErrors(def: ConnectionDefinition, body: unknown, values: FormValues): FieldErrors {
  const fields = (body as { details?: { fields?: unknown } } | null)?.details?.fields;
  if (!fields || typeof fields !== "object") return {};
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(fields as Record<string, unknown>)) {
    const target = displayedField(def, field, values);
    if (target && typeof message === "string") errors[target] ??= message;
  }
  return errors;
}
