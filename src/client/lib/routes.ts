// Route rules shared by the auth gates and the router.
export const SIGN_IN_PATH = "/sign-in";
/** Where sign-out lands (ROUTE-11); shows the same page as /sign-in. */
export const SIGNED_OUT_PATH = "/signin";
export const HOME_PATH = "/dashboard";

/** A `redirect` query value is followed only when it is a path on this site (no open redirect). */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return HOME_PATH;
  if (value === SIGN_IN_PATH || value === SIGNED_OUT_PATH || value.startsWith(`${SIGN_IN_PATH}?`)) return HOME_PATH;
  return value;
}

/** The sign-in URL for an unauthenticated visit to `path` (ROUTE-10). */
export function signInUrl(path: string): string {
  return path === "/" || path === HOME_PATH ? SIGN_IN_PATH : `${SIGN_IN_PATH}?redirect=${encodeURIComponent(path)}`;
}

/** The browser tab title of a page. */
export function documentTitle(page?: string): string {
  return page ? `${page} · Switchboard` : "Switchboard";
}
