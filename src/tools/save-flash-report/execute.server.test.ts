// save_flash_report for real: the one-pager PDF read back through a PDF text extractor (unpdf), every
// field present; stored as the calling organisation's and user's file. Page 1 is rendered to a PNG to look at.
import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../../server/test/context";
import { createTenancyFixture, type TenancyFixture } from "../../server/test/tenancy-fixture";
import { uploadFile } from "../../server/files/test-support";
import { PNG_1X1 } from "../../server/files/test-documents";
import { getFileById } from "../../server/files/queries";
import { readPdf } from "../../server/documents/test-readers";
import { download, onlyFile, toolContext } from "../../server/documents/test-context";
import { renderPdfPreview } from "../../server/documents/test-render";
import { toolsByName } from "../registry";
import { saveFlashReport } from "./definition";
import { execute } from "./execute.server";

let ctx: TestContext;
let f: TenancyFixture;
let logoId: string;

beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  const { upload } = await uploadFile(ctx.app, f.a.member, f.a.id, {
    name: "logo.png",
    type: "image/png",
    bytes: PNG_1X1,
  });
  logoId = upload.fileId;
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`).join(" ");
const report = () => ({
  company_name: "Acme Chemicals",
  report_date: "2025-03-31",
  sector: "Specialty Chemicals",
  headquarters: "Houston, Texas",
  sponsor: "Blue Harbor Capital",
  // The bound's edge: exactly 180 words, every one of them printed.
  company_overview: `Acme makes coatings. ${words(177)}`,
  deal_summary: "$400m term loan B to refinance existing debt and fund a tuck-in acquisition.",
  credit_statistics: [
    { label: "Total Leverage", value: "4.5x" },
    { label: "Interest Coverage", value: "3.1x" },
    { label: "LTM EBITDA", value: "$88m" },
  ],
  images: [logoId],
  investment_thesis: [
    "Leading niche share",
    "Sticky customers",
    "Margin expansion",
    "Strong free cash flow",
    "Experienced management",
    "Sponsor support",
  ],
  investment_risks: ["Raw material costs", "Customer concentration", "Integration risk"],
  recommendation: "Proceed to credit committee.",
});
const run = (args: unknown) => execute(saveFlashReport.input.parse(args), toolContext(f.a));
const flat = (s: string) => s.replace(/\s+/g, " ");

describe("save_flash_report", () => {
  it("[TOOL-40] [TOOL-41] writes a PDF in which every field reads back: names, date, facts, overview of 180 words, deal, credit statistics, 6 thesis bullets, 3 risks and the recommendation", async () => {
    const input = report();
    const file = onlyFile(await run(input));
    expect(file).toMatchObject({ filename: "Acme_Chemicals_Flash_Report.pdf", contentType: "application/pdf" });
    const got = await download(ctx.app, f.a.member, f.a.id, file);
    expect(got.contentType).toBe("application/pdf");
    await renderPdfPreview(got.bytes!, "flash-report");
    const pdf = await readPdf(got.bytes!);
    expect(pdf.pages).toHaveLength(1);
    const text = flat(pdf.text);
    for (const field of [
      "Acme Chemicals",
      "INVESTMENT FLASH REPORT",
      "2025-03-31",
      "Sector: Specialty Chemicals",
      "Headquarters: Houston, Texas",
      "Sponsor: Blue Harbor Capital",
      input.company_overview,
      input.deal_summary,
      "Total Leverage",
      "4.5x",
      "Interest Coverage",
      "3.1x",
      "LTM EBITDA",
      "$88m",
      ...input.investment_thesis,
      ...input.investment_risks,
      "Proceed to credit committee.",
    ]) {
      expect(text, field).toContain(field);
    }
  });

  it("[TOOL-41] the bounds hold at their edges before anything is written: 181 words, 3 or 7 thesis bullets, 2 or 7 risks", () => {
    const issues = (args: unknown) => {
      const res = saveFlashReport.input.safeParse(args);
      return res.success ? [] : res.error.issues.map((i) => i.message);
    };
    const base = report();
    expect(issues(base)).toEqual([]);
    expect(issues({ ...base, company_overview: words(181) })).toEqual([
      "Company overview must be at most 180 words (it has 181)",
    ]);
    for (const n of [3, 7]) {
      expect(issues({ ...base, investment_thesis: Array(n).fill("T") })).toEqual([
        "Give 4 to 6 investment thesis bullets",
      ]);
    }
    for (const n of [2, 7]) {
      expect(issues({ ...base, investment_risks: Array(n).fill("R") })).toEqual([
        "Give 3 to 6 investment risk bullets",
      ]);
    }
  });

  it("[TOOL-40] optional fields may be left out (today's date is printed), text beyond the fonts prints as ?, and the file is the caller's", async () => {
    const { sector: _s, headquarters: _h, sponsor: _p, recommendation: _r, report_date: _d, ...rest } = report();
    const file = onlyFile(await run({ ...rest, company_name: "Zeta ☃ GmbH", images: [], credit_statistics: [] }));
    const text = flat((await readPdf((await download(ctx.app, f.a.admin, f.a.id, file)).bytes!)).text);
    expect(text).toContain("Zeta ? GmbH");
    expect(text).toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toContain("Sector:");
    expect(text).not.toContain("CREDIT STATISTICS");
    expect(await getFileById({ orgId: f.a.id, id: file.fileId })).toMatchObject({ userId: f.a.member.userId });
    expect((await download(ctx.app, f.b.member, f.b.id, file)).status).toBe(404);
  });

  it("[TOOLCARD-46] an image that is not this organisation's fails as a report that could not be generated", async () => {
    const { upload } = await uploadFile(ctx.app, f.b.member, f.b.id, {
      name: "b.png",
      type: "image/png",
      bytes: PNG_1X1,
    });
    const result = await run({ ...report(), images: [upload.fileId] });
    expect(
      toolsByName.save_flash_report!.statusLine!({ ok: false, args: {}, result: result as never, displayName: "" }),
    ).toBe(`Error: Failed to generate report: Image file ${upload.fileId} was not found`);
  });
});
