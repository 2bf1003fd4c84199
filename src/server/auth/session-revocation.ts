// Better Auth's /revoke-session and /revoke-other-sessions compare and look up session tokens, which
// no longer works once only their hashes are stored (hashed-session-tokens.ts): revoke-other-sessions
// would compare the caller's token with the hashes /list-sessions reads, match none, and quietly keep
// every session. These replacements (same paths, same bodies, same answers) work by session id and
// only ever touch the caller's own sessions. A password change ends the user's other sessions too
// (decision 081): whoever knew the old password must not stay signed in with it.
import type { BetterAuthPlugin } from "better-auth";
import {
  createAuthEndpoint,
  createAuthMiddleware,
  getSessionFromCtx,
  isAPIError,
  sensitiveSessionMiddleware,
} from "better-auth/api";
import { z } from "zod";
import { hashSessionToken, isStoredTokenHash } from "./hashed-session-tokens";

export function sessionRevocation(): BetterAuthPlugin {
  return {
    id: "session-revocation",
    endpoints: {
      revokeSession: createAuthEndpoint(
        "/revoke-session",
        {
          method: "POST",
          body: z.object({ token: z.string() }),
          use: [sensitiveSessionMiddleware],
          requireHeaders: true,
        },
        async (ctx) => {
          // The session's token, or what /list-sessions shows for it (the stored hash).
          const stored = isStoredTokenHash(ctx.body.token) ? ctx.body.token : hashSessionToken(ctx.body.token);
          const sessions = await ctx.context.internalAdapter.listSessions(ctx.context.session.user.id);
          const target = sessions.find((s) => s.token === stored);
          if (target)
            await ctx.context.adapter.delete({ model: "session", where: [{ field: "id", value: target.id }] });
          return ctx.json({ status: true });
        },
      ),
      revokeOtherSessions: createAuthEndpoint(
        "/revoke-other-sessions",
        { method: "POST", use: [sensitiveSessionMiddleware], requireHeaders: true },
        async (ctx) => {
          await revokeOthers(ctx.context, ctx.context.session.session);
          return ctx.json({ status: true });
        },
      ),
    },
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === "/change-password",
          handler: createAuthMiddleware(async (ctx) => {
            if (!ctx.context.returned || isAPIError(ctx.context.returned)) return;
            // With `revokeOtherSessions: true` Better Auth has already replaced every session, the
            // caller's included: its old token then finds nothing, and nothing is left to do.
            const current = await getSessionFromCtx(ctx);
            if (current) await revokeOthers(ctx.context, current.session);
          }),
        },
      ],
    },
  };
}

type AuthContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]["context"];

/** Deletes every session of the user but `current`. */
async function revokeOthers(context: AuthContext, current: { id: string; userId: string }) {
  const others = (await context.internalAdapter.listSessions(current.userId)).filter((s) => s.id !== current.id);
  if (others.length === 0) return;
  await context.adapter.deleteMany({
    model: "session",
    where: [{ field: "id", operator: "in", value: others.map((s) => s.id) }],
  });
}
