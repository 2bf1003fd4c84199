// The current session token for `Authorization: Bearer` headers. The auth gate writes it as soon as the
// session is known (before any child fetches), and clears it on sign-out.
let current: string | null = null;

export function setSessionToken(token: string | null) {
  current = token;
}

export function getSessionToken(): string | null {
  return current;
}
