// A loopback stand-in for USDA FoodData Central's search, in its documented wire format
// (https://fdc.nal.usda.gov/api-spec/fdc_api.html#/FDC/getFoodsSearch): GET /fdc/v1/foods/search with
// query, dataType, pageNumber (1-based), pageSize (≤ 200) → { totalHits, currentPage, totalPages,
// pageList, foodSearchCriteria, foods: [{ fdcId, description, dataType, gtinUpc, brandOwner, brandName,
// ingredients, foodCategory, servingSize, servingSizeUnit, publishedDate, foodNutrients: [{ nutrientId,
// nutrientName, unitName, value }] }] }. The key comes as ?api_key= or X-Api-Key (api.data.gov); a missing
// or wrong one → 403 { error: { code: "API_KEY_MISSING" | "API_KEY_INVALID", message } }; `next` can
// answer 429 { error: { code: "OVER_RATE_LIMIT", … } } with Retry-After, as api.data.gov does.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeFdcFood {
  fdcId: number;
  description: string;
  brandOwner?: string;
  brandName?: string;
  gtinUpc?: string;
  ingredients?: string;
  foodCategory?: string;
}

export interface FakeFdc {
  url: string;
  requests: { path: string; query: Record<string, string>; headers: Record<string, string | string[] | undefined> }[];
  next: { status: number; code: string; message: string; headers?: Record<string, string> } | null;
  /** The keys it accepts: the one started with, and any a test adds (organisations' own). */
  apiKeys: string[];
  close(): Promise<void>;
}

export async function startFakeFdc(opts: { apiKey: string; foods: FakeFdcFood[] }): Promise<FakeFdc> {
  const fake: FakeFdc = {
    url: "",
    requests: [],
    next: null,
    apiKeys: [opts.apiKey],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    fake.requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), headers: req.headers });
    const send = (status: number, json: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { "content-type": "application/json", ...headers });
      res.end(JSON.stringify(json));
    };
    const key = url.searchParams.get("api_key") ?? req.headers["x-api-key"];
    if (!key)
      return send(403, {
        error: { code: "API_KEY_MISSING", message: "No api_key was supplied. Get one at https://api.nal.usda.gov:443" },
      });
    if (typeof key !== "string" || !fake.apiKeys.includes(key))
      return send(403, {
        error: {
          code: "API_KEY_INVALID",
          message: "An invalid api_key was supplied. Get one at https://api.nal.usda.gov:443",
        },
      });
    if (fake.next) {
      const { status, code, message, headers } = fake.next;
      fake.next = null;
      return send(status, { error: { code, message } }, headers);
    }
    if (req.method !== "GET" || url.pathname !== "/fdc/v1/foods/search") return send(404, { error: "Not Found" });
    const query = (url.searchParams.get("query") ?? "").toLowerCase();
    const pageSize = Math.min(200, Number(url.searchParams.get("pageSize") ?? 50));
    const pageNumber = Math.max(1, Number(url.searchParams.get("pageNumber") ?? 1));
    const hits = opts.foods.filter((f) =>
      `${f.description} ${f.brandOwner ?? ""} ${f.ingredients ?? ""}`.toLowerCase().includes(query),
    );
    const totalPages = Math.ceil(hits.length / pageSize);
    send(200, {
      totalHits: hits.length,
      currentPage: pageNumber,
      totalPages,
      pageList: Array.from({ length: Math.min(10, totalPages) }, (_, i) => i + 1),
      foodSearchCriteria: {
        query,
        generalSearchInput: query,
        pageNumber,
        numberOfResultsPerPage: 50,
        pageSize,
        requireAllWords: false,
      },
      foods: hits.slice((pageNumber - 1) * pageSize, pageNumber * pageSize).map((f) => ({
        ...f,
        dataType: "Branded",
        servingSize: 30,
        servingSizeUnit: "g",
        publishedDate: "2024-04-18",
        score: 500,
        foodNutrients: [
          { nutrientId: 1003, nutrientName: "Protein", nutrientNumber: "203", unitName: "G", value: 10 },
          { nutrientId: 1008, nutrientName: "Energy", nutrientNumber: "208", unitName: "KCAL", value: 400 },
        ],
      })),
      aggregations: { dataType: { Branded: hits.length } },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
