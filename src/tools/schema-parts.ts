// Argument pieces several tools share, so the same idea reads the same way to the model everywhere.
import { z } from "zod";

/** A required, non-blank string argument. */
export const text = (description: string) => z.string().trim().min(1).describe(description);

/** How many results a search returns (spec §9: top_k defaults to 5, 10 for knowledge bases). */
export const topK = (fallback: number, max: number) =>
  z
    .number()
    .int()
    .min(1)
    .max(max)
    .default(fallback)
    .describe(`How many results to return (1 to ${max}, default ${fallback}).`);

/** Id of a file stored in the platform (an upload, a generated file or a knowledge-base file). */
export const fileId = z.string().trim().min(1).describe("Id of a file stored in this workspace.");

/** Knowledge bases are identified by their id as shown to the agent; accept numeric or string ids. */
export const knowledgeBaseId = z.union([z.number().int().positive(), z.string().trim().min(1)]);

/** Reddit's listing periods, shared by read_subreddit and search_reddit. */
export const REDDIT_TIME_FILTERS = ["all", "day", "hour", "month", "week", "year"] as const;
