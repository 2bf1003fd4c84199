// Where the sidebar's expanded/collapsed state comes from and how it is written (SHELL-17/18).
import { MOBILE_BREAKPOINT_PX, SIDEBAR_COOKIE_MAX_AGE_SECONDS, SIDEBAR_COOKIE_NAME } from "@/shared/shell/constants";

/** "true"/"false" → boolean; anything else (absent, garbage) → undefined. */
export function parseBoolean(value: string | null | undefined): boolean | undefined {
  return value === "true" ? true : value === "false" ? false : undefined;
}

/** The sidebar state stored in a `document.cookie` string, if any. */
export function readSidebarCookie(cookieHeader: string): boolean | undefined {
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SIDEBAR_COOKIE_NAME) return parseBoolean(rest.join("="));
  }
  return undefined;
}

/** The `document.cookie` assignment that persists the state for 7 days, site-wide. */
export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE_NAME}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}

/** Cookie first, then the local copy, else expanded only on windows wider than the breakpoint. */
export function initialSidebarOpen(input: { cookie: string; stored: string | null; windowWidth: number }): boolean {
  return readSidebarCookie(input.cookie) ?? parseBoolean(input.stored) ?? input.windowWidth > MOBILE_BREAKPOINT_PX;
}

/** Ctrl+B or Cmd+B (SHELL-16). */
export function isSidebarShortcut(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey?: boolean;
  shiftKey?: boolean;
}): boolean {
  return e.key.toLowerCase() === "b" && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
}
