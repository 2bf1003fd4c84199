// USDA FoodData Central's search (https://fdc.nal.usda.gov/api-guide, OpenAPI
// https://fdc.nal.usda.gov/api-spec/fdc_api.html#/FDC/getFoodsSearch): GET /fdc/v1/foods/search?query=
// &dataType=Branded&pageNumber=&pageSize= → { totalHits, currentPage, totalPages, foods: [...] }. The key
// is an api.data.gov key, sent in the X-Api-Key header that api.data.gov documents as equal to ?api_key=,
// so it never appears in a URL; its refusals are { error: { code, message } } (API_KEY_INVALID,
// OVER_RATE_LIMIT …, https://api.data.gov/docs/developer-manual/).
import { operatorKeys, organizationKeys, orgServiceKeys, type KeyOwner } from "./org-keys";
import { baseUrl, credentialsRejected, notConfigured, rateLimited, serviceFailed, serviceFetch } from "./service-fetch";

export const FDC_SETTINGS = "FDC_API_KEY";

export interface FdcFood {
  fdcId: number;
  description?: string;
  dataType?: string;
  brandOwner?: string;
  brandName?: string;
  gtinUpc?: string;
  ingredients?: string;
  foodCategory?: string;
  servingSize?: number;
  servingSizeUnit?: string;
  publishedDate?: string;
  foodNutrients?: { nutrientName?: string; value?: number; unitName?: string }[];
}

export interface FdcSearchPage {
  totalHits?: number;
  currentPage?: number;
  totalPages?: number;
  foods?: FdcFood[];
}

/** Whether the operator set FoodData Central up in the environment (an organisation may have its own key). */
export const foodDataCentralConfigured = () => Boolean(process.env.FDC_API_KEY?.trim());

export interface FdcKey {
  value: string;
  owner: KeyOwner;
}

/** The key a search of this organisation uses: its own (decision 092), else the operator's. */
export async function fdcKey(orgId: string): Promise<FdcKey> {
  const own = await orgServiceKeys(orgId, "fooddata_central");
  if (own?.api_key) return { value: own.api_key, owner: organizationKeys("USDA FoodData Central") };
  const value = process.env.FDC_API_KEY?.trim();
  if (!value) throw notConfigured("USDA FoodData Central", FDC_SETTINGS);
  return { value, owner: operatorKeys(FDC_SETTINGS) };
}

export async function searchFoods(
  key: FdcKey,
  opts: { query: string; pageNumber: number; pageSize: number },
  signal: AbortSignal,
): Promise<FdcSearchPage> {
  const params = new URLSearchParams({
    query: opts.query,
    dataType: "Branded",
    pageNumber: String(opts.pageNumber),
    pageSize: String(opts.pageSize),
  });
  const res = await serviceFetch(
    `${baseUrl("FDC_BASE_URL", "https://api.nal.usda.gov")}/fdc/v1/foods/search?${params}`,
    {
      headers: { "x-api-key": key.value },
      signal,
    },
  );
  const err = ((res.json ?? {}) as { error?: { code?: string; message?: string } }).error;
  if (res.ok) return (res.json ?? {}) as FdcSearchPage;
  if (res.status === 429 || err?.code === "OVER_RATE_LIMIT") throw rateLimited("USDA FoodData Central", res, err?.code);
  if (err?.code?.startsWith("API_KEY") || res.status === 401 || res.status === 403)
    throw credentialsRejected("USDA FoodData Central", key.owner, err?.code ?? `HTTP ${res.status}`);
  throw serviceFailed("USDA FoodData Central", res.status, err?.message);
}
