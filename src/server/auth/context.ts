// Request context: resolves the caller (session cookie, bearer token), the organisation the request
// acts in and the caller's role there. Handlers below these middlewares can trust c.var.*.
import { createMiddleware } from "hono/factory";
import type { Context } from "hono";
import { AppError } from "../errors";
import type { AppEnv } from "../env";
import { adminOnlyMessage, isAdminRole } from "../../shared/roles";
import { resolveAuth, type AuthSource } from "./lazy-auth";
import { createSessionCache, getCachedMembership, sessionKey } from "./session-cache";
import { API_KEY_PREFIX, authenticateApiKey } from "./api-keys";

/** 401 unless signed in. Sets user, sessionId and activeOrganizationId. */
export const requireSession = (auth: AuthSource) => {
  const cache = createSessionCache();
  return createMiddleware<AppEnv>(async (c, next) => {
    const bearer = c.req
      .header("authorization")
      ?.match(/^Bearer\s+(.+)$/i)?.[1]
      ?.trim();
    if (bearer?.startsWith(API_KEY_PREFIX)) {
      // A personal API key: the user, in the one organisation it was issued for.
      const key = await authenticateApiKey(bearer);
      if (!key) throw new AppError("unauthorized", "Unauthorized");
      c.set("user", { id: key.user.id, name: key.user.name, email: key.user.email, image: key.user.image });
      c.set("sessionId", `api-key:${key.keyId}`);
      c.set("activeOrganizationId", key.orgId);
      c.set("apiKeyOrgId", key.orgId);
      return next();
    }
    const key = sessionKey(c.req.raw.headers);
    // Neither a session cookie nor a bearer token: Better Auth would find no session either, and a
    // server nobody has signed in to need not load it to say so (decision 119).
    const session = !key
      ? null
      : await cache.get(key, async () => {
          const result = await (await resolveAuth(auth)).api.getSession({ headers: c.req.raw.headers });
          if (!result) return null;
          return {
            user: { id: result.user.id, name: result.user.name, email: result.user.email, image: result.user.image },
            sessionId: result.session.id,
            activeOrganizationId:
              (result.session as { activeOrganizationId?: string | null }).activeOrganizationId ?? null,
            expiresAt: new Date(result.session.expiresAt).getTime(),
          };
        });
    if (!session) throw new AppError("unauthorized", "Unauthorized");
    c.set("user", session.user);
    c.set("sessionId", session.sessionId);
    c.set("activeOrganizationId", session.activeOrganizationId);
    await next();
  });
};

/** The organisation a request names (`orgId` query) or the session's active one. */
export function requestedOrgId(c: Context<AppEnv>): string | null {
  return c.req.query("orgId") || c.var.activeOrganizationId || null;
}

/**
 * Resolves the organisation and the caller's role in it. An organisation the caller does not belong to
 * is reported exactly like one that does not exist: 404.
 */
export const requireOrg = createMiddleware<AppEnv>(async (c, next) => {
  const orgId = requestedOrgId(c);
  if (!orgId) throw new AppError("bad_request", "No active organization");
  if (c.var.apiKeyOrgId && orgId !== c.var.apiKeyOrgId) throw new AppError("not_found", "Organization not found");
  const membership = await getCachedMembership({ orgId, userId: c.var.user.id });
  if (!membership) throw new AppError("not_found", "Organization not found");
  const { org } = membership;
  c.set("org", { id: org.id, name: org.name, slug: org.slug, logo: org.logo });
  c.set("role", membership.role);
  c.set("isAdmin", isAdminRole(membership.role));
  await next();
});

/** 403 "Only organization admins can <action>" for anyone but an org:admin. */
export const requireAdmin = (action: string) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (!c.var.isAdmin) throw new AppError("forbidden", adminOnlyMessage(action));
    await next();
  });
