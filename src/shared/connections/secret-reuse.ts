// A stored secret is only ever sent to the destination it was entered for (security #4, decision 026).
// Edit forms leave masked secrets empty to keep them; that shortcut ends when a field deciding where
// the secrets go (host, port, URL, region, login name) changes, or any admin could point a
// connection at a server of their own and read the secret the organisation stored.
import type { ConnectionDefinition } from "./types";

function comparable(def: ConnectionDefinition, field: string, value: unknown): string {
  const text = value === undefined || value === null ? "" : String(value).trim();
  const fallback = def.fieldConfig?.[field]?.defaultValue;
  return text === "" && fallback !== undefined ? String(fallback) : text;
}

/**
 * The first destination field an update changes, or null when stored secrets may be kept. A field
 * the update leaves out keeps its stored value, so it changes nothing.
 */
export function changedDestination(
  def: ConnectionDefinition,
  stored: Record<string, unknown>,
  submitted: Record<string, unknown>,
): string | null {
  for (const field of def.destinationFields ?? []) {
    if (submitted[field] === undefined) continue;
    if (comparable(def, field, submitted[field]) !== comparable(def, field, stored[field])) return field;
  }
  return null;
}
