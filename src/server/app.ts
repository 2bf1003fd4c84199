// The HTTP application: security middleware, Better Auth, the /api feature routes, the SPA.
import { Hono, type Context, type ErrorHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { HTTPException } from "hono/http-exception";
import { getConnInfo } from "@hono/node-server/conninfo";
import { ZodError } from "zod";
import type { Config } from "./config";
import type { AppEnv } from "./env";
import { jsonTextHasNul } from "./http/parse";
import { AppError } from "./errors";
import { log } from "./logger";
import { invalidate } from "./cache/invalidation";
import { CLIENT_IP_HEADER, resolveAuth, type AuthSource } from "./auth/lazy-auth";
import { requireSession } from "./auth/context";
import { authOrgRoutes } from "./auth-orgs/routes";
import { invitationRoutes, publicInvitationRoutes } from "./auth-orgs/invitation-routes";
import { spaRoutes } from "./web/spa";
import { contentSecurityPolicy, contentSecurityPolicyHeader } from "./web/csp";
import { loadS3Config } from "./storage/s3-config";
import { sameOriginWrites } from "./http/same-origin";
import { refuseNulInUrl } from "./http/nul-in-url";
import { bodyLimit } from "./http/body-limit";
import { providerRoutes } from "./providers/routes";
import { modelRoutes } from "./models/routes";
import { agentRoutes } from "./agents/routes";
import { scheduledTaskRoutes } from "./scheduled-tasks/routes";
import { mcpServerRoutes } from "./mcp/routes";
import { settingsRoutes } from "./settings/routes";
import { fileRoutes } from "./files/routes";
import { blobRoutes } from "./storage/blob-routes";
import { conversationRoutes } from "./conversations/routes";
import { chatRoutes } from "./chat/routes";
import { feedbackRoutes } from "./feedback/routes";
import { dashboardRoutes } from "./dashboard/routes";
import { userRoutes } from "./users/routes";
import { createMailer } from "./email/mailer";
import { kbRoutes } from "./kb/routes";
import { kbSearchRoutes } from "./kb/index/routes";
import { emailApprovalRoutes } from "./email-approvals/routes";

export interface AppDeps {
  config: Config;
  /** Better Auth, or the server's loader of it (decision 119). */
  auth: AuthSource;
  /** Folder of the built SPA; omitted in API-only tests. */
  clientDir?: string;
}

function clientIp(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // app.request() in tests has no socket
  }
}

export function createApp({ config, auth, clientDir }: AppDeps) {
  const api = new Hono<AppEnv>()
    .use(requireSession(auth))
    .route("/", authOrgRoutes)
    .route("/", invitationRoutes(auth))
    .route("/", providerRoutes({ checkKeys: config.providerKeyCheck }))
    .route("/", modelRoutes)
    .route("/", agentRoutes)
    .route("/", mcpServerRoutes)
    .route("/", settingsRoutes)
    .route("/", fileRoutes)
    .route("/", conversationRoutes)
    .route("/", chatRoutes)
    .route("/", feedbackRoutes)
    .route("/", dashboardRoutes)
    .route("/", userRoutes(createMailer(config.smtp)))
    .route("/", scheduledTaskRoutes)
    .route("/", kbRoutes)
    .route("/", kbSearchRoutes)
    .route("/", emailApprovalRoutes);

  const csp = contentSecurityPolicy({
    s3: loadS3Config(),
    posthogHost: config.posthog?.host ?? null,
    extraImgSources: config.cspImgSources,
  });
  const limitBody = bodyLimit(config.bodyLimitBytes);
  const app = new Hono<AppEnv>()
    .use(secureHeaders({ crossOriginEmbedderPolicy: false }))
    .use(contentSecurityPolicyHeader(csp))
    .use("/api/*", sameOriginWrites(config.trustedOrigins))
    .use("/api/*", refuseNulInUrl)
    // The presigned upload streams files up to its own signed limit (50 MB for chat). A plain test of the path:
    // hono/combine's `except` built an Error and a composed chain for every other API request (~1% of a chat's
    // CPU in a server profile, session 32).
    .use("/api/*", (c, next) => (c.req.path === "/api/blob/upload" ? next() : limitBody(c, next)))
    .on(["GET", "POST"], "/api/auth/*", async (c) => {
      // Better Auth rate-limits by this header; clients cannot set it themselves.
      const headers = new Headers(c.req.raw.headers);
      headers.delete(CLIENT_IP_HEADER);
      const ip = clientIp(c, config.trustProxy);
      if (ip) headers.set(CLIENT_IP_HEADER, ip);
      // Better Auth would store a NUL character and fail the insert with a 500 (decision 032).
      const body = c.req.method === "POST" ? await c.req.text() : undefined;
      if (body && jsonTextHasNul(body)) throw new AppError("bad_request", "Text must not contain NUL characters");
      const res = await (
        await resolveAuth(auth)
      ).handler(new Request(c.req.url, { method: c.req.method, headers, body, signal: c.req.raw.signal }));
      // Sign-out, revocations, active organisation, members and roles: cached sessions must not outlive them.
      if (c.req.method !== "GET") invalidate("auth");
      return res;
    })
    // Before `api`: presigned blob URLs and invitation links answer without a session (the signature is the credential).
    .route("/api", blobRoutes)
    .route("/api", publicInvitationRoutes)
    .route("/api", api)
    .all("/api/*", () => {
      throw new AppError("not_found", "Not found");
    });

  app.onError(onAppError);

  if (clientDir) app.route("/", spaRoutes(config, clientDir));
  return app;
}

/** Turns any thrown error into the `{ error, code }` response; the only place that does. */
export const onAppError: ErrorHandler = (err, c) => {
  if (err instanceof AppError) {
    return c.json({ error: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) }, err.status);
  }
  if (err instanceof ZodError) {
    return c.json({ error: err.issues[0]?.message ?? "Invalid request", code: "bad_request" }, 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status;
    return c.json({ error: err.message || "Request failed", code: status >= 500 ? "internal" : "bad_request" }, status);
  }
  log.error("unhandled error", {
    path: c.req.path,
    method: c.req.method,
    error: String(err),
    stack: (err as Error).stack,
  });
  return c.json({ error: "Internal server error", code: "internal" }, 500);
};

export type App = ReturnType<typeof createApp>;
