// GET /api/dashboard/getCosts (decision 084): cost per agent, user and task for the filter.
import useSWR from "swr";
import type { CostReport } from "@/shared/dashboard/schema";
import { fetcher, type HttpError } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";
import { query, type DashboardFilters } from "./dashboard";

export const costsKey = (orgId: string, f: DashboardFilters) => orgPath(orgId, `/api/dashboard/getCosts?${query(f)}`);

export function useCosts(orgId: string, f: DashboardFilters) {
  return useSWR<CostReport, HttpError>(costsKey(orgId, f), fetcher, { keepPreviousData: true });
}
