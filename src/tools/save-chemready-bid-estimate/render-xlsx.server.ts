// The bid estimate as a workbook someone can keep working in: one "Estimate" sheet whose line totals,
// subtotals, shipping and grand total are Excel formulas over the quantity, price and cost cells, each
// with its value cached (from estimate.ts) so viewers that do not calculate still show the numbers.
import type ExcelJS from "exceljs";
import { NO_SHIPPING, projectFacts, shippingFacts, type BidEstimate } from "./estimate";

const MONEY = '"$"#,##0.00';
const HEADER_FILL: ExcelJS.Fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FF1E3A5F" } };
const HEADER_FONT: Partial<ExcelJS.Font> = { bold: true, color: { argb: "FFFFFFFF" } };

// XML 1.0 cannot hold most control characters: a stray one from the model would make an unreadable file.
// eslint-disable-next-line no-control-regex
const clean = (s: string | undefined) => (s ?? "").replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "");

export async function renderEstimateXlsx(e: BidEstimate): Promise<Uint8Array> {
  // Loaded with the first estimate, not at start (issue 18: idle memory).
  const { default: Excel } = await import("exceljs");
  const wb = new Excel.Workbook();
  wb.creator = "Switchboard";
  wb.title = `${clean(e.input.project.name)} Bid Estimate`;
  wb.created = new Date();
  // Excel and LibreOffice recalculate on opening; the cached results serve everyone else.
  wb.calcProperties.fullCalcOnLoad = true;
  const ws = wb.addWorksheet("Estimate", {
    pageSetup: { orientation: "portrait", fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  ws.columns = [6, 30, 30, 11, 9, 13, 15].map((width) => ({ width }));

  let row = 0;
  const next = () => ws.getRow(++row);
  const title = (text: string, size: number) => {
    const r = next();
    r.getCell(1).value = text;
    r.getCell(1).font = { bold: true, size };
    ws.mergeCells(row, 1, row, 7);
  };
  const heading = (text: string) => {
    next();
    const r = next();
    r.getCell(1).value = text;
    r.getCell(1).font = { bold: true, size: 12, color: { argb: "FF0F766E" } };
  };
  const fact = (label: string, value: string) => {
    const r = next();
    r.getCell(1).value = label;
    r.getCell(1).font = { bold: true };
    r.getCell(2).value = clean(value);
    ws.mergeCells(row, 2, row, 7);
  };
  const header = (cells: string[]) => {
    const r = next();
    cells.forEach((text, i) => {
      const cell = r.getCell(i + 1);
      cell.value = text;
      cell.fill = HEADER_FILL;
      cell.font = HEADER_FONT;
      cell.alignment = { horizontal: i >= 3 && i !== 4 ? "right" : "left" };
    });
  };
  /** A priced row: quantity in D, price in F, and G = ROUND(D*F, 2). Returns the row number. */
  const priced = (cells: [number, string, string, number, string, number], total: number) => {
    const r = next();
    cells.forEach((v, i) => {
      if (v !== "") r.getCell(i + 1).value = typeof v === "string" ? clean(v) : v;
    });
    r.getCell(6).numFmt = MONEY;
    r.getCell(7).value = { formula: `ROUND(D${row}*F${row},2)`, result: total };
    r.getCell(7).numFmt = MONEY;
    r.getCell(3).alignment = { wrapText: true, vertical: "top" };
    return row;
  };
  const total = (label: string, formula: string, result: number, bold = false) => {
    const r = next();
    r.getCell(4).value = label;
    r.getCell(4).font = { bold: true };
    r.getCell(4).alignment = { horizontal: "right" };
    ws.mergeCells(row, 4, row, 6);
    r.getCell(7).value = { formula, result };
    r.getCell(7).numFmt = MONEY;
    r.getCell(7).font = { bold };
    return row;
  };

  title("ChemReady Bid Estimate", 16);
  title(clean(e.input.project.name), 13);
  for (const [label, value] of projectFacts(e)) fact(label, value);

  heading("Products");
  header(["#", "Product", "Description", "Quantity", "Unit", "Unit Price", "Line Total"]);
  const lineRows = e.lines.map((l, i) =>
    priced([i + 1, l.product, l.description ?? "", l.quantity, l.unit, l.unit_price], l.total),
  );

  let serviceRows: number[] = [];
  if (e.services.length) {
    heading("Services");
    header(["#", "Service", "", "Quantity", "", "Rate", "Amount"]);
    serviceRows = e.services.map((s, i) => priced([i + 1, s.description, "", s.quantity, "", s.rate], s.amount));
  }

  heading("Shipping");
  let costRow: number | null = null;
  if (e.shipping === null) {
    next().getCell(1).value = NO_SHIPPING;
    ws.mergeCells(row, 1, row, 7);
  } else {
    for (const [label, value] of shippingFacts(e)) fact(label, value);
    const r = next();
    r.getCell(1).value = "Cost";
    r.getCell(1).font = { bold: true };
    r.getCell(7).value = e.shipping;
    r.getCell(7).numFmt = MONEY;
    costRow = row;
  }

  heading("Totals");
  const range = (rows: number[]) => `SUM(G${rows[0]}:G${rows[rows.length - 1]})`;
  const parts = [total("Products subtotal", range(lineRows), e.productsSubtotal)];
  if (serviceRows.length) parts.push(total("Services subtotal", range(serviceRows), e.servicesSubtotal));
  if (costRow !== null) parts.push(total("Shipping", `G${costRow}`, e.shipping!));
  const grand = total("Grand total", parts.map((r) => `G${r}`).join("+"), e.grandTotal, true);
  ws.getRow(grand).getCell(4).font = { bold: true, size: 12 };
  ws.getRow(grand).getCell(7).font = { bold: true, size: 12 };

  const notes = clean(e.input.notes);
  if (notes) {
    heading("Notes");
    const r = next();
    r.getCell(1).value = notes;
    r.getCell(1).alignment = { wrapText: true, vertical: "top" };
    ws.mergeCells(row, 1, row, 7);
    // Merged cells do not grow with their text: give the row room for its lines (about 100 characters each).
    r.height = 15 * notes.split("\n").reduce((n, p) => n + Math.max(1, Math.ceil(p.length / 100)), 0);
  }

  return new Uint8Array(await wb.xlsx.writeBuffer());
}
