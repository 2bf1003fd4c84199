// The investment flash report (TOOL-40) as a one-page PDF: a title band with the company and date, a
// line of facts, then overview, transaction, credit statistics, thesis, risks, pictures and the
// recommendation. Long inputs flow onto a second page rather than being cut.
import type { z } from "zod";
import type { DocumentImage } from "../../server/documents/images";
import { COLORS, PAGE, PdfWriter } from "../../server/documents/pdf/writer";
import type { saveFlashReport } from "./definition";

type FlashReport = z.infer<(typeof saveFlashReport)["input"]>;

function titleBand(w: PdfWriter, report: FlashReport, date: string) {
  const h = 58;
  w.page.drawRectangle({ x: 0, y: PAGE.h - h, width: PAGE.w, height: h, color: COLORS.navy });
  const bold = w.font("bold");
  const label = "INVESTMENT FLASH REPORT";
  w.page.drawText(label, {
    x: PAGE.w - w.margin - bold.widthOfTextAtSize(label, 8),
    y: PAGE.h - 24,
    size: 8,
    font: bold,
    color: COLORS.light,
  });
  const dateText = w.safe(date);
  w.page.drawText(dateText, {
    x: PAGE.w - w.margin - w.font().widthOfTextAtSize(dateText, 9),
    y: PAGE.h - 38,
    size: 9,
    font: w.font(),
    color: COLORS.white,
  });
  w.y = PAGE.h - 12;
  w.text(report.company_name, { font: "bold", size: 20, color: COLORS.white, width: w.width - 150, lineGap: 4 });
  w.y = Math.min(w.y, PAGE.h - h) - 8;
}

export async function renderFlashReport(
  report: FlashReport,
  opts: { date: string; images: readonly DocumentImage[] },
): Promise<Uint8Array> {
  const w = await PdfWriter.create({
    title: `${report.company_name} Flash Report`,
    subject: "Investment flash report",
  });
  titleBand(w, report, opts.date);

  const facts = [
    report.sector && `Sector: ${report.sector}`,
    report.headquarters && `Headquarters: ${report.headquarters}`,
    report.sponsor && `Sponsor: ${report.sponsor}`,
  ].filter(Boolean);
  if (facts.length) w.text(facts.join("   |   "), { size: 9, color: COLORS.muted });

  w.heading("Company Overview");
  w.text(report.company_overview);
  w.heading("Transaction Summary");
  w.text(report.deal_summary);

  const stats = report.credit_statistics;
  if (stats.length) {
    w.heading("Credit Statistics");
    // Pictures (logo, a chart) sit beside the statistics so the report stays on one page.
    const tableWidth = opts.images.length ? w.width * 0.55 : w.width;
    const top = w.y;
    w.table([["Statistic", "Value"], ...stats.map((s) => [s.label, s.value])], {
      header: true,
      colWidths: [tableWidth * 0.65, tableWidth * 0.35],
    });
    if (opts.images.length) {
      const height = Math.max(90, top - w.y);
      await w.images(opts.images, height, { x: w.margin + tableWidth + 14, width: w.width - tableWidth - 14, top });
      w.y = Math.min(w.y, top - height);
    }
  } else if (opts.images.length) {
    w.gap(8);
    await w.images(opts.images, 90);
  }

  w.heading("Investment Thesis");
  w.bullets(report.investment_thesis);
  w.heading("Key Risks");
  w.bullets(report.investment_risks);

  if (report.recommendation) {
    w.heading("Recommendation");
    w.text(report.recommendation, { font: "bold" });
  }
  w.footers(`${report.company_name} | Flash report ${opts.date} | Confidential`);
  return w.save();
}
