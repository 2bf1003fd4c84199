// ERR-06: after a deploy, an open tab may ask for a code chunk that no longer exists. Vite then fires
// `vite:preloadError`; reloading fetches the new index.html. Only once in a while, so a chunk that
// is truly broken ends on the router's error page instead of a reload loop.
const STORAGE_KEY = "switchboard:preload-reload-at";
export const PRELOAD_RELOAD_COOLDOWN_MS = 10_000;

export function shouldReloadAfterPreloadError(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || Number.isNaN(lastReloadAt) || now - lastReloadAt > PRELOAD_RELOAD_COOLDOWN_MS;
}

/**
 * `pendingPath` is where the user was going when the chunk failed (a link click has not changed the
 * URL yet): the reload goes there rather than back to the page they were leaving.
 */
export function installPreloadErrorReload(pendingPath: () => string | null) {
  window.addEventListener("vite:preloadError", (event) => {
    const last = sessionStorage.getItem(STORAGE_KEY);
    const now = Date.now();
    if (!shouldReloadAfterPreloadError(last === null ? null : Number(last), now)) return;
    event.preventDefault();
    sessionStorage.setItem(STORAGE_KEY, String(now));
    const target = pendingPath();
    if (target) window.location.assign(target);
    else window.location.reload();
  });
}
