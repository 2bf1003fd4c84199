// GET /api/dashboard/getDaily (decision 084): the chart's days in the browser's time zone.
import useSWR from "swr";
import type { DailyFigures } from "@/shared/dashboard/schema";
import { fetcher, type HttpError } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";
import { query, type DashboardFilters } from "./dashboard";

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export const dailyKey = (orgId: string, f: DashboardFilters) =>
  orgPath(orgId, `/api/dashboard/getDaily?${query(f)}&timeZone=${encodeURIComponent(browserTimeZone())}`);

export function useDailyFigures(orgId: string, f: DashboardFilters) {
  return useSWR<DailyFigures, HttpError>(dailyKey(orgId, f), fetcher, { keepPreviousData: true });
}
