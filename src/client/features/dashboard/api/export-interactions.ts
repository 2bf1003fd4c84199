// GET /api/dashboard/exportInteractions (decision 084): the filter's interactions as a CSV file. The call
// carries the session's bearer token, so the file is fetched and handed to the browser as a blob.
import { authFetch, readBody, HttpError } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";
import { query, type DashboardFilters } from "./dashboard";

export async function downloadInteractionsCsv(orgId: string, f: DashboardFilters) {
  const res = await authFetch(orgPath(orgId, `/api/dashboard/exportInteractions?${query(f)}`), { raw: true });
  if (!res.ok) throw new HttpError(res.status, await readBody(res));
  const name = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? "interactions.csv";
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
