// Shared data integrations and their validation (hub spec §3/§4/§5).
import { z } from "zod";
import type { ConnectionDefinition } from "./types";

const req = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);

export const SNOWFLAKE_AUTH_ERROR =
  "Password is required for Username/Password auth, and Token is required for PAT auth";
export const SSL_MODES = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"] as const;

const snowflakeFields = z.object({
  auth_method: z.enum(["password", "pat"], {
    errorMap: () => ({ message: "Please select an authentication method" }),
  }),
  // Becomes <account>.snowflakecomputing.com: only the characters Snowflake identifiers use (security #7).
  account: req("Account identifier is required").regex(
    /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/i,
    "Account identifier may contain only letters, digits, '-', '_' and '.'",
  ),
  user: req("Username is required"),
  password: z.string().optional(),
  token: z.string().optional(),
  warehouse: req("Warehouse name is required"),
  database: req("Database name is required"),
  schema: req("Schema name is required"),
  role: req("Role name is required"),
});

// The secret check runs beside the field checks, not after them (a refinement on the object would only run once
// every field passed), so a form shows all its errors on the first submit (issue 17 #11).
const snowflakeSecret = z
  .object({ auth_method: z.unknown(), password: z.unknown(), token: z.unknown() })
  .superRefine((v, ctx) => {
    if (v.auth_method !== "password" && v.auth_method !== "pat") return; // its own message says so
    const filled = (x: unknown) => typeof x === "string" && x.trim() !== "";
    const missing = v.auth_method === "password" ? !filled(v.password) : !filled(v.token);
    if (missing) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["password"], message: SNOWFLAKE_AUTH_ERROR });
  });

const snowflakeSchema = z.intersection(snowflakeFields, snowflakeSecret);

const postgresSchema = z.object({
  host: req("Host is required"),
  port: z.coerce
    .number({ invalid_type_error: "Port must be a positive integer" })
    .int("Port must be a positive integer")
    .positive("Port must be a positive integer")
    .default(5432),
  database: req("Database name is required"),
  user: req("Username is required"),
  password: req("Password is required"),
  sslmode: z
    .enum(SSL_MODES, { errorMap: () => ({ message: `SSL mode must be one of ${SSL_MODES.join(", ")}` }) })
    .optional(),
});

const pineconeSchema = z.object({ api_key: req("API key is required"), host: req("Host is required") });

export const INTEGRATIONS: readonly ConnectionDefinition[] = [
  {
    key: "snowflake",
    name: "Snowflake",
    description: "Query your Snowflake warehouse with SQL and search its tables.",
    logoUrl: "/integrations/snowflake.svg",
    kind: "integration",
    integrationType: "shared",
    schema: snowflakeSchema,
    fields: ["auth_method", "account", "user", "password", "token", "warehouse", "database", "schema", "role"],
    optionalFields: ["password", "token"],
    destinationFields: ["account", "user"],
    fieldLabels: {
      auth_method: "Authentication Method",
      account: "Account Identifier",
      user: "Username",
      password: "Password",
      token: "Programmatic Access Token",
      warehouse: "Warehouse",
      database: "Database",
      schema: "Schema",
      role: "Role",
    },
    fieldConfig: {
      auth_method: { options: ["password", "pat"], defaultValue: "password" },
      password: { showWhen: { field: "auth_method", equals: ["password"] } },
      token: { showWhen: { field: "auth_method", equals: ["pat"] } },
    },
    sections: [
      { title: "Authentication", fields: ["auth_method", "account", "user", "password", "token"] },
      { title: "Location", fields: ["warehouse", "database", "schema", "role"] },
    ],
  },
  {
    key: "postgres",
    name: "PostgreSQL",
    description: "Run read queries and semantic, keyword or hybrid search over your PostgreSQL tables.",
    logoUrl: "/integrations/postgres.svg",
    kind: "integration",
    integrationType: "shared",
    schema: postgresSchema,
    fields: ["host", "port", "database", "user", "password", "sslmode"],
    optionalFields: ["sslmode"],
    // sslmode too: a weaker mode lets whoever answers for the host name read the password.
    destinationFields: ["host", "port", "user", "sslmode"],
    fieldLabels: {
      host: "Host",
      port: "Port",
      database: "Database",
      user: "Username",
      password: "Password",
      sslmode: "SSL Mode",
    },
    fieldConfig: { port: { defaultValue: 5432 }, sslmode: { options: SSL_MODES } },
  },
  {
    key: "pinecone",
    name: "Pinecone",
    description: "Semantic search over a Pinecone vector index.",
    logoUrl: "/integrations/pinecone.svg",
    kind: "integration",
    integrationType: "shared",
    schema: pineconeSchema,
    fields: ["api_key", "host"],
    destinationFields: ["host"],
    fieldLabels: { api_key: "API Key", host: "Index Host" },
  },
  {
    key: "bigquery",
    name: "BigQuery",
    description: "Query Google BigQuery datasets.",
    logoUrl: "/integrations/bigquery.svg",
    kind: "integration",
    integrationType: "shared",
    comingSoon: true,
    schema: z.object({}),
    fields: [],
    fieldLabels: {},
  },
  {
    key: "google-sheets",
    name: "Google Sheets",
    description: "Read and append rows in Google Sheets with your Google account.",
    logoUrl: "/integrations/google-sheets.svg",
    kind: "integration",
    integrationType: "shared",
    requiresOAuth: { provider: "google", scopes: ["https://www.googleapis.com/auth/spreadsheets"] },
    schema: z.object({}),
    fields: [],
    fieldLabels: {},
  },
];

export const INTEGRATION_BY_KEY = Object.fromEntries(INTEGRATIONS.map((i) => [i.key, i])) as Record<
  string,
  ConnectionDefinition
>;

/** An OAuth integration is connected only when every required scope is among the first external account's approved scopes. */
export function isOAuthConnected(
  def: ConnectionDefinition,
  externalAccounts: Array<{ approvedScopes: string[] }>,
): boolean {
  if (!def.requiresOAuth) return false;
  const first = externalAccounts[0];
  return !!first && def.requiresOAuth.scopes.every((s) => first.approvedScopes.includes(s));
}
