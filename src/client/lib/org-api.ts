// API paths scoped to one organisation with `?orgId=`: a request never depends on which organisation
// the session happens to have active, and SWR caches stay apart per organisation.
export function orgPath(orgId: string, path: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}orgId=${encodeURIComponent(orgId)}`;
}

/** GET /api/models: the models this organisation can use now, and its model preferences. */
export const modelsKey = (orgId: string) => orgPath(orgId, "/api/models");
export const isModelsKey = (key: unknown) => typeof key === "string" && key.startsWith("/api/models");
