import { z } from "zod";

/** One USDA FoodData Central branded food as search_fd_products returns it (decision 073). */
export const fdProduct = z.object({
  fdcId: z.number(),
  description: z.string(),
  brandOwner: z.string().nullish(),
  brandName: z.string().nullish(),
  gtinUpc: z.string().nullish(),
  ingredients: z.string().nullish(),
  foodCategory: z.string().nullish(),
  servingSize: z.number().nullish(),
  servingSizeUnit: z.string().nullish(),
  publishedDate: z.string().nullish(),
  url: z.string().nullish(),
  nutrients: z
    .array(z.object({ name: z.string(), amount: z.number().nullish(), unit: z.string().nullish() }))
    .nullish(),
});
export type FdProduct = z.infer<typeof fdProduct>;
export const searchFdProductsResult = z.object({ totalHits: z.number().nullish(), products: z.array(fdProduct) });
