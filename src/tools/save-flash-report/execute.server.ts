// save_flash_report (TOOL-40): the investment one-pager as a PDF in the organisation's files.
import { documentFileName, generateDocuments, PDF_TYPE, today } from "../../server/documents/generate";
import { loadImages } from "../../server/documents/images";
import type { ToolExecutor } from "../executor.server";
import type { saveFlashReport } from "./definition";
import { renderFlashReport } from "./render.server";

export const execute: ToolExecutor<typeof saveFlashReport> = (input, ctx) =>
  generateDocuments("save_flash_report", ctx, async () => {
    // pdf-lib draws PNG and JPEG.
    const images = await loadImages({ orgId: ctx.orgId, userId: ctx.user.id }, input.images, ["png", "jpeg"]);
    const date = input.report_date ?? today(ctx.timeZone);
    const bytes = await renderFlashReport(input, { date, images: [...images.values()] });
    return [
      {
        filename: documentFileName(`${input.company_name} Flash Report`, "pdf", "Flash Report"),
        contentType: PDF_TYPE,
        bytes,
        summary: `the ${input.company_name} flash report`,
      },
    ];
  });
