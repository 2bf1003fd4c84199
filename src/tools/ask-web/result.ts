import { z } from "zod";

/** TOOL-11: an answer and the URLs it cites. */
export const askWebResult = z.object({
  message: z.string(),
  citations: z.array(z.string()),
});
export type AskWebResult = z.infer<typeof askWebResult>;
