// Sessions and memberships are read on every /api request; caching them takes the two lookups off
// the hot path (chat's time to first token above all). Any write through Better Auth (sign-out,
// revoke, set-active, member removal or role change, …) invalidates the "auth" topic, so such a
// change holds at once on this replica and within a NOTIFY round trip on the others (decision 017).
import type { RequestUser } from "../env";
import { TopicCache } from "../cache/invalidation";
import { getMembership } from "./memberships";

export interface CachedSession {
  user: RequestUser;
  sessionId: string;
  activeOrganizationId: string | null;
  expiresAt: number;
}

const SESSION_COOKIE = /(?:^|;\s*)((?:__Secure-)?better-auth\.session_token)=([^;]+)/;

/** What identifies the caller's session in a request: its bearer token or session cookie; null if none. */
export function sessionKey(headers: Headers): string | null {
  const bearer = headers
    .get("authorization")
    ?.match(/^Bearer\s+(.+)$/i)?.[1]
    ?.trim();
  if (bearer) return `b:${bearer}`;
  const cookie = headers.get("cookie")?.match(SESSION_COOKIE);
  return cookie ? `c:${cookie[1]}=${cookie[2]}` : null;
}

/** One cache per Better Auth instance: an entry proves the token passed that instance's checks. */
export function createSessionCache() {
  const sessions = new TopicCache<CachedSession | null>("auth");
  return {
    async get(key: string | null, load: () => Promise<CachedSession | null>) {
      if (!key) return load();
      const s = await sessions.get(key, load, (v) => v !== null);
      if (s && s.expiresAt <= Date.now()) {
        sessions.delete(key);
        return null;
      }
      return s;
    },
  };
}

const memberships = new TopicCache<Awaited<ReturnType<typeof getMembership>>>("auth");

export function getCachedMembership(args: { orgId: string; userId: string }) {
  return memberships.get(
    `${args.orgId}:${args.userId}`,
    () => getMembership(args),
    (m) => m !== null,
  );
}
