// Better Auth's React client. Session cookies are httpOnly; the session object still carries the
// session token, which our own API calls send as a bearer token (chat spec §7).
import { createAuthClient } from "better-auth/react";
import { organizationClient } from "better-auth/client/plugins";

export const authClient = createAuthClient({
  // Same origin as the page; the fallback only serves unit tests, which run without a browser.
  baseURL: typeof window === "undefined" ? "http://localhost" : window.location.origin,
  basePath: "/api/auth",
  plugins: [organizationClient()],
});

export type AuthSession = NonNullable<ReturnType<typeof authClient.useSession>["data"]>;
