// Tokens of linked accounts (Google) are stored encrypted by Better Auth (`encryptOAuthTokens`), with
// the secret the server gives it. These helpers read and write them the same way outside Better Auth,
// e.g. when a tool refreshes the access token of the Google account that holds the Sheets grant.
import { symmetricDecrypt, symmetricEncrypt } from "better-auth/crypto";
import { secrets, type Secrets } from "../security/secrets";

/** Better Auth's secret, derived from the master key (services.ts hands it to createAuth). */
export const betterAuthSecret = (s: Secrets = secrets()) => s.derive("better-auth").toString("base64");

// Better Auth's own test: rows written before encryption was switched on hold the plain token, which is
// never a run of hex digits (Google's start "ya29." and "1//").
const looksEncrypted = (token: string) => token.startsWith("$ba$") || /^(?:[0-9a-f]{2})+$/i.test(token);

export async function decryptOAuthToken(token: string): Promise<string> {
  return looksEncrypted(token) ? symmetricDecrypt({ key: betterAuthSecret(), data: token }) : token;
}

export const encryptOAuthToken = (token: string): Promise<string> =>
  symmetricEncrypt({ key: betterAuthSecret(), data: token });
