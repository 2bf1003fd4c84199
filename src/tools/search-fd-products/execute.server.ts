// search_fd_products: branded foods from USDA FoodData Central (server/web-apis/food-data-central.ts,
// decision 073), `pages` pages of PAGE_SIZE, stopping early at the last page. Private: the chat's tool
// gate refuses it unless the organisation enabled it. Failures: "Error searching FD products: {reason}".
import { fdcKey, searchFoods, type FdcFood } from "../../server/web-apis/food-data-central";
import { reasonOf } from "../../server/web-apis/service-fetch";
import { toolError, type ToolExecutor } from "../executor.server";
import type { searchFdProducts } from "./definition";
import type { FdProduct } from "./result";

export const FD_ERROR = "Error searching FD products: ";
export const PAGE_SIZE = 25;
/** The label nutrients a product keeps, to spare the model's context. */
const NUTRIENTS_KEPT = 12;

const toProduct = (f: FdcFood): FdProduct => ({
  fdcId: f.fdcId,
  description: f.description ?? "",
  brandOwner: f.brandOwner ?? null,
  brandName: f.brandName ?? null,
  gtinUpc: f.gtinUpc ?? null,
  ingredients: f.ingredients ?? null,
  foodCategory: f.foodCategory ?? null,
  servingSize: f.servingSize ?? null,
  servingSizeUnit: f.servingSizeUnit ?? null,
  publishedDate: f.publishedDate ?? null,
  url: `https://fdc.nal.usda.gov/food-details/${f.fdcId}/nutrients`,
  nutrients: (f.foodNutrients ?? [])
    .filter((n) => n.nutrientName)
    .slice(0, NUTRIENTS_KEPT)
    .map((n) => ({ name: n.nutrientName!, amount: n.value ?? null, unit: n.unitName ?? null })),
});

export const execute: ToolExecutor<typeof searchFdProducts> = async (input, ctx) => {
  try {
    const key = await fdcKey(ctx.orgId);
    const products: FdProduct[] = [];
    let totalHits = 0;
    let pagesFetched = 0;
    for (let page = 1; page <= input.pages; page++) {
      const res = await searchFoods(
        key,
        { query: input.search_term, pageNumber: page, pageSize: PAGE_SIZE },
        ctx.abortSignal,
      );
      pagesFetched++;
      totalHits = res.totalHits ?? totalHits;
      products.push(...(res.foods ?? []).map(toProduct));
      if (!res.foods?.length || page >= (res.totalPages ?? 0)) break;
    }
    return { status: "success", search_term: input.search_term, totalHits, pagesFetched, products };
  } catch (err) {
    return toolError(`${FD_ERROR}${ctx.abortSignal.aborted ? "The search was cancelled." : reasonOf(err)}`);
  }
};
