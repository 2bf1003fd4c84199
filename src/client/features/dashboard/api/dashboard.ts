// /api/dashboard/getStats and getInteractions (API-29..32): keys are the request URLs with the filters.
import useSWR from "swr";
import type { DashboardStats, InteractionsPage } from "@/shared/dashboard/schema";
import { fetcher, type HttpError } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";

export interface DashboardFilters {
  orgView: boolean;
  agentId: number | null;
  userId: string | null;
  metadataKey: string;
  metadataValue: string;
  from: Date;
  to: Date;
}

export function query(f: DashboardFilters): string {
  const p = new URLSearchParams({ from: f.from.toISOString(), to: f.to.toISOString() });
  if (f.orgView) p.set("allInOrg", "true");
  if (f.agentId !== null) p.set("agentId", String(f.agentId));
  if (f.orgView && f.userId) p.set("userId", f.userId);
  if (f.orgView && f.metadataKey.trim()) {
    p.set("metadataKey", f.metadataKey.trim());
    if (f.metadataValue.trim()) p.set("metadataValue", f.metadataValue.trim());
  }
  return p.toString();
}

export const statsKey = (orgId: string, f: DashboardFilters) => orgPath(orgId, `/api/dashboard/getStats?${query(f)}`);
export const interactionsKey = (orgId: string, f: DashboardFilters) =>
  orgPath(orgId, `/api/dashboard/getInteractions?${query(f)}`);

export function useDashboardStats(orgId: string, f: DashboardFilters) {
  return useSWR<DashboardStats, HttpError>(statsKey(orgId, f), fetcher, { keepPreviousData: true });
}

export function useInteractions(orgId: string, f: DashboardFilters) {
  return useSWR<InteractionsPage, HttpError>(interactionsKey(orgId, f), fetcher);
}
