// GET /api/modelPrices, POST /api/updateModelPrice and /api/resetModelPrice (decision 084).
import useSWR, { mutate } from "swr";
import { callApi, fetcher, type HttpError } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";
import type { ModelPriceRow } from "@/shared/models/prices-schema";

export const modelPricesKey = (orgId: string) => orgPath(orgId, "/api/modelPrices");

export function useModelPrices(orgId: string) {
  return useSWR<{ currency: "USD"; prices: ModelPriceRow[] }, HttpError>(modelPricesKey(orgId), fetcher);
}

/** The dashboard's cost follows new prices: its entries are refreshed too. */
const refresh = (orgId: string) =>
  Promise.all([
    mutate(modelPricesKey(orgId)),
    mutate((key) => typeof key === "string" && key.startsWith("/api/dashboard/getCosts?")),
  ]);

export async function saveModelPrice(orgId: string, model: string, inputPerMillion: number, outputPerMillion: number) {
  await callApi(orgPath(orgId, "/api/updateModelPrice"), {
    method: "POST",
    body: { model, inputPerMillion, outputPerMillion },
  });
  await refresh(orgId);
}

export async function resetModelPrice(orgId: string, model: string) {
  await callApi(orgPath(orgId, "/api/resetModelPrice"), { method: "POST", body: { model } });
  await refresh(orgId);
}
