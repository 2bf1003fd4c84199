// App-shell constants from the chat spec §2 "App shell" and §9. One place, so the client code and its
// tests read the same numbers.

/** CONST-01: below this width the app is "mobile" (sidebar becomes a slide-over panel). */
export const MOBILE_BREAKPOINT_PX = 768;

export const SIDEBAR_COOKIE_NAME = "sidebar_state";
/** SHELL-17: the sidebar cookie lives 7 days. */
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
/** The same state is mirrored in localStorage under this key. */
export const SIDEBAR_STORAGE_KEY = SIDEBAR_COOKIE_NAME;
/** SHELL-20 */
export const SIDEBAR_WIDTH = "16rem";
export const SIDEBAR_WIDTH_MOBILE = "18rem";
export const SIDEBAR_WIDTH_ICON = "3rem";
/** SHELL-16: Ctrl+B or Cmd+B. */
export const SIDEBAR_KEYBOARD_SHORTCUT = "b";

/** SHELL-21 */
export const TOOLTIP_DELAY_MS = 0;
/** SHELL-22 */
export const SCROLL_HIDE_DELAY_MS = 600;

/** API-04: SWR cache behaviour. */
export const SWR_DEDUPING_INTERVAL_MS = 2000;
export const SWR_ERROR_RETRY_COUNT = 3;
export const SWR_ERROR_RETRY_INTERVAL_MS = 5000;
export const SWR_FOCUS_THROTTLE_INTERVAL_MS = 5000;

export const PRODUCT_NAME = "Switchboard";
export const DEFAULT_DOCS_URL = "https://github.com/switchboard-platform/switchboard#readme";
