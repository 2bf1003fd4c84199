import { z } from "zod";
import { defineTool } from "../define-tool";
import { generateFailed } from "../status-parts";
import { fileId, text } from "../schema-parts";

export const OVERVIEW_MAX_WORDS = 180;

const wordCount = (s: string) => s.split(/\s+/).filter(Boolean).length;

const bullets = (min: number, max: number, what: string) =>
  z
    .array(z.string().trim().min(1))
    .min(min, `Give ${min} to ${max} ${what}`)
    .max(max, `Give ${min} to ${max} ${what}`)
    .describe(`${min} to ${max} ${what}, one sentence each.`);

export const saveFlashReport = defineTool({
  name: "save_flash_report",
  displayName: "Flash Report",
  description:
    "Generate a one-page investment flash report (overview, deal, credit statistics, thesis and risks) and return the file.",
  category: "File Management",
  isPrivate: true,
  statusLine: ({ ok, result }) => (ok ? "Report generated" : generateFailed("report", result)),
  input: z.object({
    company_name: text("Company name as it should appear in the title."),
    report_date: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe("Date printed on the report, e.g. 2025-03-31; omit for today."),
    sector: z.string().trim().min(1).optional().describe("Industry or sector, e.g. Specialty Chemicals."),
    headquarters: z.string().trim().min(1).optional().describe("Headquarters city and country or state."),
    company_overview: z
      .string()
      .trim()
      .min(1)
      .superRefine((s, ctx) => {
        const n = wordCount(s);
        if (n > OVERVIEW_MAX_WORDS) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            message: `Company overview must be at most ${OVERVIEW_MAX_WORDS} words (it has ${n})`,
          });
        }
      })
      .describe(`What the company does, its markets and scale, in at most ${OVERVIEW_MAX_WORDS} words.`),
    deal_summary: text("The proposed transaction: type, size, use of proceeds, pricing and key terms."),
    sponsor: z.string().trim().min(1).optional().describe("Private-equity sponsor or owner, if any."),
    credit_statistics: z
      .array(z.object({ label: text("Statistic, e.g. Total Leverage."), value: text("Value as printed, e.g. 4.5x.") }))
      .default([])
      .describe("Key credit statistics shown as a table, in order."),
    images: z.array(fileId).max(4).default([]).describe("Ids of image files (logos, charts) to include, at most 4."),
    investment_thesis: bullets(4, 6, "investment thesis bullets"),
    investment_risks: bullets(3, 6, "investment risk bullets"),
    recommendation: z
      .string()
      .trim()
      .min(1)
      .optional()
      .describe("Closing recommendation, e.g. Proceed to credit committee."),
  }),
});
