// Sign-out (decision 004): end the session on the server, forget the token, then let the auth gate
// send the user to /signin (ROUTE-11) once the session is gone. The gate, not this function,
// navigates: it is the one place that sees the session become empty.
import { analytics } from "./analytics";
import { authClient } from "./auth-client";
import { setSessionToken } from "./session-token";

let signedOutHere = false;

export async function signOut() {
  signedOutHere = true;
  await authClient.signOut();
  setSessionToken(null);
  analytics.reset();
}

/** True after this tab signed out; other ways of losing the session go to /sign-in instead. */
export function signedOutInThisTab(): boolean {
  return signedOutHere;
}

export function clearSignedOut() {
  signedOutHere = false;
}
