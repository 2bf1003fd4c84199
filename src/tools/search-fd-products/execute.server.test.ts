// search_fd_products against a loopback stand-in of USDA FoodData Central's search (e2e/support/fake-fdc.ts,
// which cites the API reference; decision 073): `pages` pages, the key in X-Api-Key, refusals as
// "Error searching FD products: {reason}", and the private-tool gate of the chat's tool set.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeFdc, type FakeFdc } from "../../../e2e/support/fake-fdc";
import { setOutboundAllowList } from "../../server/net/outbound-guard";
import { getTestContext } from "../../server/test/context";
import { createTenancyFixture, type TenancyFixture } from "../../server/test/tenancy-fixture";
import { updateOrgState } from "../../server/settings/queries";
import { toolContext } from "../../server/documents/test-context";
import { buildAgentTools } from "../../server/chat/agent-tools";
import type { Agent } from "../../shared/agents/schema";
import { statusLine } from "../../client/features/chat/messages/tool-status";
import { searchFdProducts } from "./definition";
import { PAGE_SIZE, execute } from "./execute.server";
import { searchFdProductsResult } from "./result";
import { webToolContext } from "../web-tool-context.server";

const KEY = "DEMO_fdc_key_1234";
let fdc: FakeFdc;
let f: TenancyFixture;
const run = (args: Record<string, unknown>) => execute(searchFdProducts.input.parse(args), webToolContext());
const searches = () => fdc.requests.filter((r) => r.path === "/fdc/v1/foods/search");

beforeAll(async () => {
  fdc = await startFakeFdc({
    apiKey: KEY,
    foods: [
      {
        fdcId: 2_345_678,
        description: "GREEK YOGURT, PLAIN",
        brandOwner: "Acme Dairy Co.",
        brandName: "ACME",
        gtinUpc: "041234567890",
        ingredients: "CULTURED PASTEURIZED NONFAT MILK, LIVE ACTIVE CULTURES.",
        foodCategory: "Yogurt",
      },
      ...Array.from({ length: 80 }, (_, i) => ({
        fdcId: 3_000_000 + i,
        description: `YOGURT DRINK ${i}`,
        brandOwner: "Filler",
      })),
    ],
  });
  Object.assign(process.env, { FDC_API_KEY: KEY, FDC_BASE_URL: fdc.url });
  f = await createTenancyFixture((await getTestContext()).app); // the app reads its allow-list at start
  setOutboundAllowList(["127.0.0.1"]);
}, 120_000);
afterEach(() => {
  fdc.next = null;
});
afterAll(async () => {
  setOutboundAllowList([]);
  delete process.env.FDC_API_KEY;
  delete process.env.FDC_BASE_URL;
  await fdc?.close();
});

describe("search_fd_products", () => {
  it("[TOOL-20] fetches 2 pages of branded products by default, with their details", async () => {
    const res = await run({ search_term: "yogurt" });
    expect(res).toMatchObject({ status: "success", totalHits: 81, pagesFetched: 2 });
    const { products } = searchFdProductsResult.parse(res);
    expect(products).toHaveLength(2 * PAGE_SIZE);
    expect(products[0]).toEqual({
      fdcId: 2_345_678,
      description: "GREEK YOGURT, PLAIN",
      brandOwner: "Acme Dairy Co.",
      brandName: "ACME",
      gtinUpc: "041234567890",
      ingredients: "CULTURED PASTEURIZED NONFAT MILK, LIVE ACTIVE CULTURES.",
      foodCategory: "Yogurt",
      servingSize: 30,
      servingSizeUnit: "g",
      publishedDate: "2024-04-18",
      url: "https://fdc.nal.usda.gov/food-details/2345678/nutrients",
      nutrients: [
        { name: "Protein", amount: 10, unit: "G" },
        { name: "Energy", amount: 400, unit: "KCAL" },
      ],
    });
    const [p1, p2] = searches().slice(-2);
    expect(p1!.query).toEqual({ query: "yogurt", dataType: "Branded", pageNumber: "1", pageSize: String(PAGE_SIZE) });
    expect(p2!.query.pageNumber).toBe("2");
    expect(p1!.headers["x-api-key"]).toBe(KEY); // in a header, never in the URL
    expect(p1!.query.api_key).toBeUndefined();
  });

  it("[TOOL-20] pages bounds the pages fetched and the search stops at the last page", async () => {
    const seen = searches().length;
    const all = await run({ search_term: "yogurt", pages: 10 });
    expect(all).toMatchObject({ pagesFetched: 4 }); // 81 hits in pages of 25
    expect(searchFdProductsResult.parse(all).products).toHaveLength(81);
    expect(searches().length - seen).toBe(4);
    expect(await run({ search_term: "greek", pages: 1 })).toMatchObject({ pagesFetched: 1, totalHits: 1 });
    for (const pages of [0, 11, 1.5])
      expect(searchFdProducts.input.safeParse({ search_term: "x", pages }).success, String(pages)).toBe(false);
  });

  it("[TOOLCARD-45] a rejected key, 429 and a missing key read Error searching FD products: …", async () => {
    fdc.next = {
      status: 429,
      code: "OVER_RATE_LIMIT",
      message: "You have exceeded your rate limit.",
      headers: { "retry-after": "60" },
    };
    const limited = await run({ search_term: "yogurt" });
    expect(limited).toEqual({
      status: "error",
      error:
        "Error searching FD products: USDA FoodData Central is rate-limiting these requests (HTTP 429: OVER_RATE_LIMIT); try again in 60 s.",
    });
    expect(statusLine("search_fd_products", { search_term: "yogurt" }, "error", limited)).toBe(
      (limited as { error: string }).error,
    );
    process.env.FDC_API_KEY = "wrong";
    try {
      expect(await run({ search_term: "yogurt" })).toEqual({
        status: "error",
        error:
          "Error searching FD products: USDA FoodData Central rejected the configured credentials (API_KEY_INVALID). The server operator must check FDC_API_KEY.",
      });
      delete process.env.FDC_API_KEY;
      expect(await run({ search_term: "yogurt" })).toEqual({
        status: "error",
        error:
          "Error searching FD products: USDA FoodData Central is not configured on this server. The server operator must set FDC_API_KEY.",
      });
    } finally {
      process.env.FDC_API_KEY = KEY;
    }
    expect(statusLine("search_fd_products", {}, "success", { status: "success", products: [] })).toBe(
      "Searched FD products",
    );
  });

  it("[TOOL-07] [TOOL-20] private: an agent's call is refused until the organisation enables it, then it searches", async () => {
    const enable = (names: string[]) =>
      updateOrgState({ orgId: f.a.id }, (s) => ({ ...s, settings: { ...s.settings, enabledPrivateTools: names } }));
    const { toolCallId: _id, abortSignal: _signal, ...ctx } = toolContext(f.a);
    const call = () =>
      buildAgentTools({ id: 1, tools: { search_fd_products: true } } as unknown as Agent, ctx).search_fd_products!
        .execute!(
        { search_term: "greek", pages: 1 } as never,
        { toolCallId: "call-1", messages: [], context: {} } as never,
      ) as Promise<Record<string, unknown>>;
    expect(searchFdProducts.isPrivate).toBe(true);
    await enable([]);
    const seen = searches().length;
    expect(await call()).toEqual({
      status: "error",
      error: "Search FD Products is a private tool that is not enabled for this organization",
    });
    expect(searches().length).toBe(seen);
    await enable(["search_fd_products"]);
    expect(await call()).toMatchObject({ status: "success", totalHits: 1 });
  });
});
