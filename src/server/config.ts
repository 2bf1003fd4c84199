// Every environment variable the server reads, parsed once. The README's table mirrors this file.
import path from "node:path";
import { z } from "zod";
import { parseAllowEntry } from "./net/allow-list";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");
const list = z
  .string()
  .optional()
  .transform((v) =>
    v
      ? v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
  );

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(10),
  // Worker processes `npm start` runs on PostgreSQL (decision 093); unset, one process that grows to one
  // per core while its event loop stays busier than WEB_CONCURRENCY_BUSY (decision 107).
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
  WEB_CONCURRENCY_BUSY: z.coerce.number().min(0).max(1).default(0.8),
  // The most processes the elastic plan grows to; unset, one per core, less one when the database runs on
  // this host (decision 142).
  WEB_CONCURRENCY_MAX: z.coerce.number().int().min(1).max(256).optional(),
  // Seconds of quiet after which an added worker drains and exits (decision 118); 0 keeps workers.
  WEB_CONCURRENCY_IDLE_SECONDS: z.coerce.number().int().min(0).default(30),
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^(auto|[1-9][0-9]*(kB|MB|GB))$/, "PGLITE_SHARED_BUFFERS must be auto or a size such as 32MB")
    .default("auto"),
  SECRET_KEY: z.string().min(16, "SECRET_KEY must be at least 16 characters").optional(),
  PUBLIC_URL: z.string().url().optional(),
  TRUSTED_ORIGINS: list,
  TRUST_PROXY: bool,
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW: z.coerce.number().int().positive().default(60),
  AUTH_API_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  DOCS_URL: z.string().url().default("https://github.com/switchboard-platform/switchboard#readme"),
  POSTHOG_KEY: z.string().optional(),
  POSTHOG_HOST: z.string().url().default("https://us.i.posthog.com"),
  OUTBOUND_ALLOW_HOSTS: list,
  MCP_STDIO_ALLOWLIST: z.string().optional(),
  MCP_STDIO_NETWORK: bool,
  // Open sign-up is on unless the operator says "false" (issue 17 #18).
  ALLOW_SIGNUP: z.enum(["true", "false", "1", "0", ""]).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_DISCOVERY_URL: z.string().url().default("https://accounts.google.com/.well-known/openid-configuration"),
  MCP_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  MCP_TOOL_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  KB_INGEST_CONCURRENCY: z.coerce.number().int().min(0).max(16).default(1),
  SMTP_URL: z.string().url("SMTP_URL must be a URL such as smtp://user:password@host:587").optional(),
  SMTP_FROM: z.string().optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // Scheduled tasks (decision 041): most runs one organisation has going at once; off disables this
  // process's scheduler (another process on the same database still runs the tasks).
  SCHEDULED_TASKS_ORG_CONCURRENCY: z.coerce.number().int().positive().default(5),
  // Most runs one process has going at once (decision 104): more wait for a process with room.
  SCHEDULED_TASKS_PROCESS_CONCURRENCY: z.coerce.number().int().positive().default(340),
  SCHEDULER: z.enum(["on", "off"]).default("on"),
  // Model provider keys are checked with the provider when saved (decision 082); off for hosts with no
  // way out to the providers, where every check would only end in a warning.
  PROVIDER_KEY_CHECK: z.enum(["on", "off"]).default("on"),
  // Further image sources for the Content-Security-Policy (decision 028): http(s) origins or `https:`.
  CSP_IMG_SOURCES: list.pipe(
    z.array(
      z
        .string()
        .regex(
          /^(https?:|https?:\/\/(\*\.)?[a-z0-9.-]+(:\d+)?)$/i,
          "CSP_IMG_SOURCES must list http(s) origins (https://cdn.example.com) or https:",
        ),
    ),
  ),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const e = envSchema.parse(env);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    webConcurrency: e.WEB_CONCURRENCY,
    webConcurrencyBusy: e.WEB_CONCURRENCY_BUSY,
    webConcurrencyMax: e.WEB_CONCURRENCY_MAX,
    webConcurrencyIdleSeconds: e.WEB_CONCURRENCY_IDLE_SECONDS,
    pgliteSharedBuffers: e.PGLITE_SHARED_BUFFERS,
    secretKey: e.SECRET_KEY,
    publicUrl,
    trustedOrigins: [publicUrl, ...e.TRUSTED_ORIGINS],
    trustProxy: e.TRUST_PROXY,
    authRateLimit: { max: e.AUTH_RATE_LIMIT_MAX, window: e.AUTH_RATE_LIMIT_WINDOW },
    authApiRateLimitMax: e.AUTH_API_RATE_LIMIT_MAX,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    docsUrl: e.DOCS_URL,
    posthog: e.POSTHOG_KEY ? { key: e.POSTHOG_KEY, host: e.POSTHOG_HOST } : null,
    logLevel: e.LOG_LEVEL,
    outboundAllowHosts: checkAllowHosts(e.OUTBOUND_ALLOW_HOSTS),
    mcpStdioAllowlist: parseStdioAllowlist(e.MCP_STDIO_ALLOWLIST),
    mcpStdioNetwork: e.MCP_STDIO_NETWORK,
    google: parseGoogle(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, e.GOOGLE_DISCOVERY_URL),
    mcpConnectTimeoutMs: e.MCP_CONNECT_TIMEOUT_MS,
    mcpToolTimeoutMs: e.MCP_TOOL_TIMEOUT_MS,
    kbIngestConcurrency: e.KB_INGEST_CONCURRENCY,
    smtp: parseSmtp(e.SMTP_URL, e.SMTP_FROM),
    cspImgSources: e.CSP_IMG_SOURCES,
    allowSignup: e.ALLOW_SIGNUP !== "false" && e.ALLOW_SIGNUP !== "0",
    providerKeyCheck: e.PROVIDER_KEY_CHECK === "on",
    scheduler: {
      enabled: e.SCHEDULER === "on",
      orgConcurrency: e.SCHEDULED_TASKS_ORG_CONCURRENCY,
      processConcurrency: e.SCHEDULED_TASKS_PROCESS_CONCURRENCY,
    },
  };
}

/**
 * MCP_STDIO_ALLOWLIST is JSON: `{ "<command>": ["<allowed argument or prefix*>", …] }`. Without it
 * stdio MCP servers are refused: spawning programs on the server is the operator's decision.
 */
function parseStdioAllowlist(raw: string | undefined): Record<string, string[]> {
  if (!raw) return {};
  const parsed = z.record(z.array(z.string())).safeParse(JSON.parse(raw));
  if (!parsed.success) throw new Error("MCP_STDIO_ALLOWLIST must be a JSON object of command → allowed arguments");
  return parsed.data;
}

/**
 * Google sign-in (used to link a Google account for Google Sheets) needs both the client id and
 * secret; one without the other is a typo, not a choice, so it stops the server instead of
 * silently leaving Google off.
 */
function parseGoogle(clientId: string | undefined, clientSecret: string | undefined, discoveryUrl: string) {
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) throw new Error("GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together");
  return { clientId, clientSecret, discoveryUrl };
}

/** OUTBOUND_ALLOW_HOSTS entries are `host` or `host:port` (`[v6]:port`); a malformed one stops the server. */
function checkAllowHosts(entries: string[]): string[] {
  for (const entry of entries) parseAllowEntry(entry);
  return entries;
}

/**
 * Email goes out through SMTP_URL (smtp:// or smtps://) from SMTP_FROM. A URL without a sender is
 * a half-done setup that would fail at the first invitation, so it stops the server instead.
 */
function parseSmtp(url: string | undefined, from: string | undefined) {
  if (!url) return null;
  if (!/^smtps?:\/\//i.test(url)) throw new Error("SMTP_URL must start with smtp:// or smtps://");
  if (!from?.trim()) throw new Error("SMTP_FROM must be set together with SMTP_URL");
  return { url, from: from.trim() };
}
