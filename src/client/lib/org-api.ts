// API paths scoped to one organisation with `?orgId=`: a request never depends on which organisation
// the session happens to have active, and SWR caches stay apart per organisation.
export function orgPath(orgId: string, path: string): string {
  return `${path}${path.includes("?") ? "&" : "?"}orgId=${encodeURIComponent(orgId)}`;
}
