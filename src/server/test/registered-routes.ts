// The /api routes the router itself serves, for the harnesses that must cover every one of them.
import type { App } from "../app";

/** Every method + path the router serves under /api (middleware and the 404 catch-all excluded). */
export function registeredApiRoutes(app: App): string[] {
  const keys = app.routes
    .filter((r) => r.path.startsWith("/api/") && r.method !== "ALL")
    .map((r) => `${r.method} ${r.path}`);
  return [...new Set(keys)].sort();
}
