// save_chemready_bid_estimate for real: the workbook unzipped and its sheet XML read (cells, formulas and
// their cached values, the formulas evaluated again here), the PDF read through a PDF text extractor
// (unpdf); both stored as the calling organisation's and user's files, and refused when not enabled.
import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../../server/test/context";
import { createTenancyFixture, type TenancyFixture } from "../../server/test/tenancy-fixture";
import { getFileById } from "../../server/files/queries";
import { updateOrgState } from "../../server/settings/queries";
import { buildAgentTools } from "../../server/chat/agent-tools";
import { readPdf, readXlsx, type ReadCell, type ReadSheet } from "../../server/documents/test-readers";
import { download, toolContext } from "../../server/documents/test-context";
import { renderPdfPreview } from "../../server/documents/test-render";
import type { Agent } from "../../shared/agents/schema";
import type { GeneratedFile, ToolResult } from "../executor.server";
import { toolsByName } from "../registry";
import { saveChemreadyBidEstimate } from "./definition";
import { execute } from "./execute.server";

let ctx: TestContext;
let f: TenancyFixture;

beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
});

// 16 lines, the bound's edge. Line 1 is 2.5 × $19.99 = $49.975, which rounds up to $49.98 (Excel does too).
const lines = [
  { product: "Citric acid 50%", description: "Food grade", quantity: 2.5, unit: "drum", unit_price: 19.99 },
  { product: "Sodium hypochlorite 12.5%", quantity: 4, unit: "tote", unit_price: 610 },
  ...Array.from({ length: 14 }, (_, i) => ({
    product: `Additive ${i + 3}`,
    description: `Lot ${i + 3}`,
    quantity: i + 1,
    unit: "gal",
    unit_price: 10,
  })),
];
// 49.98 + 2440 + 10 × (1 + … + 14) = 3539.98; services 6 × 95 + 1 × 250 = 820; shipping 450.
const PRODUCTS = 3539.98;
const SERVICES = 820;
const SHIPPING = 450;
const GRAND = 4809.98;

const bid = () => ({
  project: {
    name: "Plant 2 water treatment",
    customer: "Riverside Utilities",
    contact: "Dana Cruz",
    location: "Riverside, CA",
    bid_date: "2025-03-31",
    valid_until: "2025-04-30",
    estimator: "Sam Ortiz",
  },
  line_items: lines,
  shipping: { method: "LTL freight", origin: "Houston, TX", destination: "Riverside, CA", cost: SHIPPING },
  service_items: [
    { description: "Tank cleaning", quantity: 6, rate: 95 },
    { description: "On-site blending", rate: 250 },
  ],
  notes: "Prices valid 30 days. Excludes sales tax.",
});

const run = (args: unknown, who = f.a.member) =>
  execute(saveChemreadyBidEstimate.input.parse(args), toolContext(f.a, who));
const flat = (s: string) => s.replace(/\s+/g, " ");

function files(result: ToolResult): { xlsx: GeneratedFile; pdf: GeneratedFile } {
  if (result.status !== "success") throw new Error(`expected success, got ${JSON.stringify(result)}`);
  const [xlsx, pdf, ...rest] = result.files ?? [];
  expect(rest).toEqual([]);
  return { xlsx: xlsx!, pdf: pdf! };
}

/** The row whose column `col` reads `label`. */
const rowOf = (sheet: ReadSheet, col: string, label: string) => {
  const found = [...sheet.rows].find(([, cells]) => cells.get(col)?.value === label);
  if (!found) throw new Error(`no row labelled ${label}`);
  return found[0];
};

/** Evaluates the workbook's own formulas (ROUND(a*b,2), SUM(range), a+b, a ref) from the cells' inputs. */
function evaluate(sheet: ReadSheet, ref: string): number {
  const cell = sheet.cells.get(ref);
  if (!cell?.formula) return Number(cell?.value ?? 0);
  const f = cell.formula;
  let m = f.match(/^ROUND\(([A-Z]+\d+)\*([A-Z]+\d+),2\)$/);
  if (m) return Math.round(Number((evaluate(sheet, m[1]!) * evaluate(sheet, m[2]!) * 100).toPrecision(15))) / 100;
  m = f.match(/^SUM\(([A-Z]+)(\d+):\1(\d+)\)$/);
  if (m) {
    let total = 0;
    for (let r = Number(m[2]); r <= Number(m[3]); r++) total += evaluate(sheet, `${m[1]}${r}`);
    return Math.round(total * 100) / 100;
  }
  if (/^[A-Z]+\d+(\+[A-Z]+\d+)*$/.test(f)) {
    return Math.round(f.split("+").reduce((t, r) => t + evaluate(sheet, r), 0) * 100) / 100;
  }
  throw new Error(`unexpected formula ${f}`);
}

describe("save_chemready_bid_estimate", () => {
  it("[TOOL-42] writes a workbook whose 16 line items, services and shipping are cells and whose line totals, subtotals, shipping and grand total are formulas with their values cached", async () => {
    const { xlsx } = files(await run(bid()));
    expect(xlsx).toMatchObject({
      filename: "Plant_2_water_treatment_Bid_Estimate.xlsx",
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    });
    const got = await download(ctx.app, f.a.member, f.a.id, xlsx);
    expect(got.contentType).toBe(xlsx.contentType);
    const book = await readXlsx(got.bytes!);
    expect(book.title).toBe("Plant 2 water treatment Bid Estimate");
    expect(book.sheets.map((s) => s.name)).toEqual(["Estimate"]);
    const sheet = book.sheets[0]!;
    const at = (col: string, row: number): ReadCell | undefined => sheet.cells.get(`${col}${row}`);

    expect(at("A", 1)?.value).toBe("ChemReady Bid Estimate");
    expect(at("A", 2)?.value).toBe("Plant 2 water treatment");
    for (const [label, value] of [
      ["Customer", "Riverside Utilities"],
      ["Contact", "Dana Cruz"],
      ["Location", "Riverside, CA"],
      ["Bid date", "2025-03-31"],
      ["Valid until", "2025-04-30"],
      ["Estimator", "Sam Ortiz"],
      ["Method", "LTL freight"],
      ["Origin", "Houston, TX"],
      ["Destination", "Riverside, CA"],
    ]) {
      expect(at("B", rowOf(sheet, "A", label!))?.value, label).toBe(value);
    }

    const header = rowOf(sheet, "B", "Product");
    expect(["A", "B", "C", "D", "E", "F", "G"].map((c) => at(c, header)?.value)).toEqual([
      "#",
      "Product",
      "Description",
      "Quantity",
      "Unit",
      "Unit Price",
      "Line Total",
    ]);
    lines.forEach((l, i) => {
      const r = header + 1 + i;
      expect(["A", "B", "C", "D", "E", "F"].map((c) => at(c, r)?.value)).toEqual([
        i + 1,
        l.product,
        l.description ?? null,
        l.quantity,
        l.unit,
        l.unit_price,
      ]);
      expect(at("G", r)?.formula).toBe(`ROUND(D${r}*F${r},2)`);
    });
    expect(at("G", header + 1)).toEqual({ formula: `ROUND(D${header + 1}*F${header + 1},2)`, value: 49.98 });
    expect(at("G", header + 2)?.value).toBe(2440);

    const service = rowOf(sheet, "B", "Tank cleaning");
    expect(["D", "F", "G"].map((c) => at(c, service)?.value)).toEqual([6, 95, 570]);
    expect(["B", "D", "F", "G"].map((c) => at(c, service + 1)?.value)).toEqual(["On-site blending", 1, 250, 250]);
    expect(at("G", service + 1)?.formula).toBe(`ROUND(D${service + 1}*F${service + 1},2)`);
    const cost = rowOf(sheet, "A", "Cost");
    expect(at("G", cost)).toEqual({ value: SHIPPING });

    const products = rowOf(sheet, "D", "Products subtotal");
    const services = rowOf(sheet, "D", "Services subtotal");
    const shipping = rowOf(sheet, "D", "Shipping");
    const grand = rowOf(sheet, "D", "Grand total");
    expect(at("G", products)).toEqual({ formula: `SUM(G${header + 1}:G${header + 16})`, value: PRODUCTS });
    expect(at("G", services)).toEqual({ formula: `SUM(G${service}:G${service + 1})`, value: SERVICES });
    expect(at("G", shipping)).toEqual({ formula: `G${cost}`, value: SHIPPING });
    expect(at("G", grand)).toEqual({ formula: `G${products}+G${services}+G${shipping}`, value: GRAND });
    // The formulas, worked out again from the input cells, give the cached values.
    for (const r of [header + 1, header + 16, service, products, services, shipping, grand]) {
      expect(evaluate(sheet, `G${r}`), `G${r}`).toBe(at("G", r)?.value);
    }
    expect(at("A", rowOf(sheet, "A", "Notes") + 1)?.value).toBe("Prices valid 30 days. Excludes sales tax.");
  });

  it("[TOOL-42] writes a one-page PDF of the same estimate in which every field and total reads back", async () => {
    const file = files(await run(bid())).pdf;
    expect(file).toMatchObject({
      filename: "Plant_2_water_treatment_Bid_Estimate.pdf",
      contentType: "application/pdf",
    });
    const got = await download(ctx.app, f.a.member, f.a.id, file);
    expect(got.contentType).toBe("application/pdf");
    await renderPdfPreview(got.bytes!, "chemready-bid-estimate");
    const pdf = await readPdf(got.bytes!);
    // Sixteen lines (the bound's edge) with services, freight and notes fit one page.
    expect(pdf.pages).toHaveLength(1);
    const text = flat(pdf.text);
    for (const field of [
      "CHEMREADY BID ESTIMATE",
      "Plant 2 water treatment",
      "Riverside Utilities",
      "Dana Cruz",
      "Riverside, CA",
      "2025-03-31",
      "2025-04-30",
      "Sam Ortiz",
      ...lines.flatMap((l) => [l.product, l.unit, ...(l.description ? [l.description] : [])]),
      "2.5",
      "$19.99",
      "$49.98",
      "$610.00",
      "$2,440.00",
      "$140.00",
      "Tank cleaning",
      "$95.00",
      "$570.00",
      "On-site blending",
      "$250.00",
      "Method: LTL freight",
      "Origin: Houston, TX",
      "Destination: Riverside, CA",
      "Cost: $450.00",
      "Products subtotal $3,539.98",
      "Services subtotal $820.00",
      "Shipping $450.00",
      "Grand total $4,809.98",
      "Prices valid 30 days. Excludes sales tax.",
    ]) {
      expect(text, field).toContain(field);
    }
  });

  it("[TOOL-42] leaves out what is not given: no services, freight arranged by the customer, today's date; the grand total is the products", async () => {
    const { project, line_items } = bid();
    const args = { project: { name: project.name, customer: project.customer }, line_items: line_items.slice(1, 2) };
    const { xlsx, pdf } = files(await run(args));
    const sheet = (await readXlsx((await download(ctx.app, f.a.member, f.a.id, xlsx)).bytes!)).sheets[0]!;
    const grand = rowOf(sheet, "D", "Grand total");
    const products = rowOf(sheet, "D", "Products subtotal");
    expect(sheet.cells.get(`G${grand}`)).toEqual({ formula: `G${products}`, value: 2440 });
    expect([...sheet.cells.values()].map((c) => c.value)).not.toContain("Services subtotal");
    expect(sheet.cells.get(`A${rowOf(sheet, "A", "Shipping") + 1}`)?.value).toBe(
      "Not included (arranged by the customer)",
    );

    const text = flat((await readPdf((await download(ctx.app, f.a.member, f.a.id, pdf)).bytes!)).text);
    expect(text).toContain("Not included (arranged by the customer)");
    expect(text).toContain("Grand total $2,440.00");
    expect(text).toMatch(/Bid date \d{4}-\d{2}-\d{2}/);
    expect(text).not.toContain("Services subtotal");
    expect(text).not.toContain("Contact");
  });

  it("[TOOL-42] the line item bound holds at its edges: 0 and 17 are refused with decision 011's words, 1 and 16 pass", () => {
    const issues = (count: number) => {
      const res = saveChemreadyBidEstimate.input.safeParse({
        ...bid(),
        line_items: lines.concat(lines).slice(0, count),
      });
      return res.success ? [] : res.error.issues.map((i) => i.message);
    };
    expect(issues(0)).toEqual(["Give 1 to 16 line items"]);
    expect(issues(1)).toEqual([]);
    expect(issues(16)).toEqual([]);
    expect(issues(17)).toEqual(["Give 1 to 16 line items"]);
  });

  it("[TOOL-42] both files are the calling organisation's and user's: its admin downloads them, another organisation gets 404", async () => {
    for (const file of Object.values(files(await run(bid())))) {
      expect(await getFileById({ orgId: f.a.id, id: file.fileId })).toMatchObject({ userId: f.a.member.userId });
      expect(await getFileById({ orgId: f.b.id, id: file.fileId })).toBeFalsy();
      expect((await download(ctx.app, f.a.admin, f.a.id, file)).status).toBe(200);
      expect((await download(ctx.app, f.b.member, f.b.id, file)).status).toBe(404);
      expect((await download(ctx.app, f.b.admin, f.b.id, file)).status).toBe(404);
    }
  });

  it("[TOOLCARD-46] an estimate too large to price to the cent fails as an estimate that could not be generated", async () => {
    const result = await run({ ...bid(), line_items: [{ ...lines[1]!, quantity: 1e200, unit_price: 1e200 }] });
    expect(result).toEqual({ status: "error", error: "The grand total exceeds $1,000,000,000,000.00" });
    expect(
      toolsByName.save_chemready_bid_estimate!.statusLine!({
        ok: false,
        args: {},
        result: result as never,
        displayName: "",
      }),
    ).toBe("Error: Failed to generate estimate: The grand total exceeds $1,000,000,000,000.00");
  });

  it("[TOOL-06] an agent with the tool is refused while the organisation has not enabled it, and runs once it has", async () => {
    const enable = (enabledPrivateTools: string[]) =>
      updateOrgState({ orgId: f.a.id }, (s) => ({ ...s, settings: { ...s.settings, enabledPrivateTools } }));
    const { toolCallId: _id, abortSignal: _signal, ...context } = toolContext(f.a);
    const agent = { id: 1, tools: { save_chemready_bid_estimate: true } } as unknown as Agent;
    const call = () =>
      buildAgentTools(agent, context).save_chemready_bid_estimate!.execute!(
        saveChemreadyBidEstimate.input.parse(bid()),
        { toolCallId: "call-1", messages: [], context: {} } as never,
      ) as Promise<ToolResult>;
    await enable([]);
    expect(await call()).toEqual({
      status: "error",
      error: "ChemReady Bid Estimate is a private tool that is not enabled for this organization",
    });
    await enable(["save_chemready_bid_estimate"]);
    expect(files(await call()).xlsx.filename).toBe("Plant_2_water_treatment_Bid_Estimate.xlsx");
  });
});
