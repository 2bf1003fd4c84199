import { z } from "zod";

/** TOOL-29: the closest records, each with its similarity score and stored metadata. */
export const queryPineconeResult = z.object({
  matches: z.array(
    z.object({
      id: z.string().nullish(),
      score: z.number(),
      metadata: z.record(z.unknown()).nullish(),
    }),
  ),
});
export type QueryPineconeResult = z.infer<typeof queryPineconeResult>;
