import { z } from "zod";
import { defineTool } from "../define-tool";
import { SEARCHING, str } from "../status-parts";
import { text } from "../schema-parts";

// Result: message and citations (URLs) (TOOL-11).
export const askWeb = defineTool({
  name: "ask_web",
  displayName: "Ask the Web",
  description: "Answer a question from live web sources and return a short answer with the URLs it cites.",
  category: "Web & Search",
  recommended: true,
  progressVerb: SEARCHING,
  statusLine: ({ ok, args }) =>
    ok ? `Answered "${str(args.query)}"` : `Failed to get answer for "${str(args.query)}"`,
  input: z.object({
    query: text("The question to answer, in plain language."),
  }),
});
