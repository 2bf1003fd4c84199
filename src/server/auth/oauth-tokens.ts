// Tokens of linked accounts (Google) are stored encrypted by Better Auth (`encryptOAuthTokens`), with
// the secret the server gives it. These helpers read and write them the same way outside Better Auth,
// e.g. when a tool refreshes the access token of the Google account that holds the Sheets grant.
import { secrets, type Secrets } from "../security/secrets";

/** Better Auth's secret, derived from the master key (services.ts hands it to createAuth). */
export const betterAuthSecret = (s: Secrets = secrets()) => s.derive("better-auth").toString("base64");

// Better Auth's own test: rows written before encryption was switched on hold the plain token, which is
// never a run of hex digits (Google's start "ya29." and "1//").
const looksEncrypted = (token: string) => token.startsWith("$ba$") || /^(?:[0-9a-f]{2})+$/i.test(token);

// Better Auth's cipher loads with the first token (decision 119: nothing of Better Auth loads at start).
const crypto = () => import("better-auth/crypto");

export async function decryptOAuthToken(token: string): Promise<string> {
  if (!looksEncrypted(token)) return token;
  return (await crypto()).symmetricDecrypt({ key: betterAuthSecret(), data: token });
}

export const encryptOAuthToken = async (token: string): Promise<string> =>
  (await crypto()).symmetricEncrypt({ key: betterAuthSecret(), data: token });
