import type { z } from "zod";

export interface FieldConfig {
  /** Rendered as a select with these options. */
  options?: readonly string[];
  placeholder?: string;
  /** Multi-line input (JSON keys). */
  multiline?: boolean;
  /** Shown only when another field has one of these values (Snowflake's auth_method). */
  showWhen?: { field: string; equals: readonly string[] };
  defaultValue?: string | number;
}

export interface ConnectionDefinition {
  key: string;
  name: string;
  description: string;
  logoUrl: string;
  kind: "provider" | "integration";
  integrationType?: "shared";
  comingSoon?: boolean;
  requiresOAuth?: { provider: string; scopes: string[] };
  /** Validates the credentials; its messages are the spec's. */
  schema: z.ZodTypeAny;
  fields: readonly string[];
  optionalFields?: readonly string[];
  /**
   * Fields that decide where the secrets go (host, port, URL, region, login name…). When an edit
   * changes one, stored secrets are not reused: they must be entered again (decision 026).
   */
  destinationFields?: readonly string[];
  fieldLabels: Record<string, string>;
  fieldConfig?: Record<string, FieldConfig>;
  sections?: Array<{ title: string; fields: string[] }>;
}

/** Masked (password) when the name contains key, secret, password or token (rulings.md). */
export const isSecretField = (name: string) => /key|secret|password|token/i.test(name);

/** Field input type for connection forms (hub §5): password, number or text; enums become selects. */
export function fieldInputType(
  name: string,
  config?: FieldConfig,
): "password" | "number" | "select" | "text" | "textarea" {
  if (config?.options) return "select";
  if (/password|token/i.test(name) || isSecretField(name)) return config?.multiline ? "textarea" : "password";
  if (/port/i.test(name)) return "number";
  if (config?.multiline) return "textarea";
  return "text";
}
