// Linking an identity-provider account (Google) through Better Auth to grant an OAuth integration its
// scopes (INTEG-04, decision 020). The browser leaves for the provider and comes back to `returnTo`;
// Better Auth appends `?error=<code>` there when the link fails (use-link-error-toast.ts says so).
// Used by Control Hub → Integrations and by a failed Sheets tool card in the chat (decision 102): the
// link is always the signed-in user's own account.
import { authFetch, isApiFailure } from "@/client/lib/api";

/** Asks Better Auth for the provider's authorization URL; throws with a readable message on failure. */
export async function startOAuthLink(provider: string, scopes: string[], returnTo: string): Promise<string> {
  const res = await authFetch<{ url?: string }>("/api/auth/link-social", {
    method: "POST",
    body: { provider, scopes, callbackURL: returnTo, errorCallbackURL: returnTo },
  });
  if (isApiFailure(res)) {
    const message = (res.data as { message?: unknown } | null)?.message;
    throw new Error(typeof message === "string" && message ? message : `HTTP ${res.status}`);
  }
  if (!res?.url) throw new Error("The server did not return a sign-in address");
  return res.url;
}

/** Unlinks one of the user's linked accounts (the id getUser lists); throws with a readable message. */
export async function unlinkOAuthAccount(accountId: string): Promise<void> {
  const res = await authFetch<{ status?: boolean }>("/api/auth/unlink-account", {
    method: "POST",
    body: { accountId },
  });
  if (isApiFailure(res)) {
    const message = (res.data as { message?: unknown } | null)?.message;
    throw new Error(typeof message === "string" && message ? message : `HTTP ${res.status}`);
  }
}
