import { z } from "zod";

/** TOOL-09: each web result has a title, a link and a snippet. */
export const webResult = z.object({ title: z.string(), link: z.string(), snippet: z.string() });
export type WebResult = z.infer<typeof webResult>;
export const searchGoogleResult = z.object({ results: z.array(webResult) });
export type SearchGoogleResult = z.infer<typeof searchGoogleResult>;
