// The Google OAuth client the server was configured with (GOOGLE_CLIENT_ID/SECRET, GOOGLE_DISCOVERY_URL),
// set at start by services.ts and read by whatever refreshes a linked account's access token.
// The token endpoint comes from the same discovery document Better Auth signs in with, so a corporate
// identity proxy or a test stand-in answers refreshes too.

export interface GoogleOAuthClient {
  clientId: string;
  clientSecret: string;
  discoveryUrl: string;
}

let client: GoogleOAuthClient | null = null;
const tokenEndpoints = new Map<string, Promise<string>>();

export function setGoogleOAuthClient(next: GoogleOAuthClient | null) {
  client = next;
}

export const googleOAuthClient = () => client;

/** The discovery document's token_endpoint, read once per document (a failed read is retried next time). */
export function googleTokenEndpoint(discoveryUrl: string): Promise<string> {
  let found = tokenEndpoints.get(discoveryUrl);
  if (!found) {
    found = (async () => {
      const res = await fetch(discoveryUrl, { signal: AbortSignal.timeout(10_000) });
      const doc = (await res.json().catch(() => ({}))) as { token_endpoint?: unknown };
      if (!res.ok || typeof doc.token_endpoint !== "string")
        throw new Error(`Google's discovery document has no token endpoint (HTTP ${res.status})`);
      return doc.token_endpoint;
    })();
    found.catch(() => tokenEndpoints.delete(discoveryUrl));
    tokenEndpoints.set(discoveryUrl, found);
  }
  return found;
}
