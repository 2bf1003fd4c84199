// save_chemready_bid_estimate (TOOL-42): the bid estimate as a workbook with live formulas and as a PDF
// of the same figures, both stored as the organisation's files (decision 079).
import { documentFileName, generateDocuments, PDF_TYPE, today, XLSX_TYPE } from "../../server/documents/generate";
import { DocumentError } from "../../server/documents/document-error";
import type { ToolExecutor } from "../executor.server";
import type { saveChemreadyBidEstimate } from "./definition";
import { computeEstimate, money } from "./estimate";
import { renderEstimatePdf } from "./render-pdf.server";
import { renderEstimateXlsx } from "./render-xlsx.server";

const MAX_GRAND_TOTAL = 1_000_000_000_000;

export const execute: ToolExecutor<typeof saveChemreadyBidEstimate> = (input, ctx) =>
  generateDocuments("save_chemready_bid_estimate", ctx, async () => {
    const estimate = computeEstimate(input, input.project.bid_date || today(ctx.timeZone));
    // Past this, cents no longer survive in a spreadsheet's 15 significant digits (or the sum overflowed).
    if (!(estimate.grandTotal <= MAX_GRAND_TOTAL)) {
      throw new DocumentError(`The grand total exceeds ${money(MAX_GRAND_TOTAL)}`);
    }
    const name = (ext: string) => documentFileName(`${input.project.name} Bid Estimate`, ext, "Bid Estimate");
    const what = `the ${input.project.name} bid estimate for ${input.project.customer} (grand total ${money(estimate.grandTotal)})`;
    return [
      { filename: name("xlsx"), contentType: XLSX_TYPE, bytes: await renderEstimateXlsx(estimate), summary: what },
      {
        filename: name("pdf"),
        contentType: PDF_TYPE,
        bytes: await renderEstimatePdf(estimate),
        summary: `${what} as a PDF`,
      },
    ];
  });
