import { z } from "zod";
import { defineTool } from "../define-tool";
import { generateFailed } from "../status-parts";
import { text } from "../schema-parts";
import { slides } from "../slides";

export const saveWhiteboard = defineTool({
  name: "save_whiteboard",
  displayName: "Deal Whiteboard",
  description: "Generate a deal whiteboard presentation for a company in the house template and return the file.",
  category: "File Management",
  isPrivate: true,
  statusLine: ({ ok, result }) => (ok ? "Whiteboard generated" : generateFailed("presentation", result)),
  input: z.object({
    proper_company_name: text("Full legal name of the company, e.g. Acme Holdings, Inc."),
    short_name: text("Short name used in titles and the file name, e.g. Acme."),
    deal_team_initials: z
      .array(z.string().trim().min(1).max(5))
      .min(1)
      .describe('Initials of the deal team members, e.g. ["JS", "AK"].'),
    slides,
  }),
});
