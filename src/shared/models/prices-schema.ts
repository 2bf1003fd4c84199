// POST /api/updateModelPrice and /api/resetModelPrice (decision 084): an admin's price for one model.
import { z } from "zod";

const PRICE_MESSAGE = "Prices must be numbers from 0 to 10000 (US dollars per 1M tokens)";
const price = z
  .number({ invalid_type_error: PRICE_MESSAGE, required_error: PRICE_MESSAGE })
  .min(0, PRICE_MESSAGE)
  .max(10_000, PRICE_MESSAGE);

export const modelKey = z
  .string({ required_error: "model is required" })
  .regex(/^[a-z_]{1,40}:\S{1,200}$/, "model must be a model key such as openai:gpt-4.1");

export const updateModelPriceInput = z.object({
  model: modelKey,
  inputPerMillion: price,
  outputPerMillion: price,
});
export type UpdateModelPriceInput = z.infer<typeof updateModelPriceInput>;

export const resetModelPriceInput = z.object({ model: modelKey });

export interface ModelPriceRow {
  model: string;
  /** The catalogue's display name, or the key for models outside it (Azure deployments …). */
  name: string;
  inputPerMillion: number | null;
  outputPerMillion: number | null;
  /** custom: the organisation's own; default: the built-in list price; none: no price known. */
  source: "custom" | "default" | "none";
}
