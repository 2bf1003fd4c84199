// Better Auth and what it loads (~1.2 MB of the bundle's JavaScript with kysely: a third of what a start
// loaded) are created with the first request that needs them, not at start (decision 119): an idle server
// that nobody has signed in to never loads them, and a start does not compile or evaluate them. Requests
// that carry no session cookie or bearer token are answered without it (context.ts).
import type { Auth } from "./auth";

/** Better Auth itself (tests build their own), or the server's loader of it. */
export type AuthSource = Auth | (() => Promise<Auth>);

/** Set by the server from the socket address (or X-Forwarded-For behind a trusted proxy). */
export const CLIENT_IP_HEADER = "x-switchboard-client-ip";

export const resolveAuth = (source: AuthSource): Promise<Auth> =>
  typeof source === "function" ? source() : Promise.resolve(source);

/** `create` runs once, on the first call; a failure is tried again by the next request. */
export function lazyAuth(create: () => Promise<Auth>): () => Promise<Auth> {
  let auth: Promise<Auth> | null = null;
  return () =>
    (auth ??= create().catch((error: unknown) => {
      auth = null;
      throw error;
    }));
}
