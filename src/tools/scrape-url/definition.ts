import { z } from "zod";
import { defineTool } from "../define-tool";
import { hostOf } from "../status-parts";

export const SCRAPE_FORMATS = ["markdown", "html", "links"] as const;

export const scrapeUrl = defineTool({
  name: "scrape_url",
  displayName: "Scrape URL",
  description: "Fetch a web page and return its content as markdown, HTML and/or the list of links on it.",
  category: "Web & Search",
  recommended: true,
  statusLine: ({ ok, args }) =>
    ok ? `Read content from ${hostOf(args.url)}` : `Failed to read content from ${hostOf(args.url)}`,
  input: z.object({
    url: z.string().trim().url().describe("Full address of the page to read, including http:// or https://."),
    formats: z
      .array(z.enum(SCRAPE_FORMATS))
      .min(1)
      .default(["markdown"])
      .describe("Which representations to return (default markdown)."),
    onlyMainContent: z
      .boolean()
      .default(true)
      .describe("Keep only the main content, dropping navigation, headers and footers (default true)."),
    removeBase64Images: z
      .boolean()
      .default(true)
      .describe("Strip inline base64 images to keep the result small (default true)."),
  }),
});
