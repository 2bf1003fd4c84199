// The bid estimate as a PDF to send the customer: the same figures as the workbook (both read
// estimate.ts), laid out as a title band, the project's facts, the product and service tables, freight,
// the totals and the notes. Sixteen lines with services and notes still fit one page; longer text flows on.
import { COLORS, PAGE, PdfWriter } from "../../server/documents/pdf/writer";
import { money, NO_SHIPPING, projectFacts, quantity, shippingFacts, type BidEstimate } from "./estimate";

function titleBand(w: PdfWriter, e: BidEstimate) {
  const h = 58;
  w.page.drawRectangle({ x: 0, y: PAGE.h - h, width: PAGE.w, height: h, color: COLORS.navy });
  const right = (text: string, y: number, size: number, bold: boolean) => {
    const font = w.font(bold ? "bold" : "regular");
    const safe = w.safe(text, font);
    w.page.drawText(safe, {
      x: PAGE.w - w.margin - font.widthOfTextAtSize(safe, size),
      y,
      size,
      font,
      color: bold ? COLORS.light : COLORS.white,
    });
  };
  right("CHEMREADY BID ESTIMATE", PAGE.h - 24, 8, true);
  right(e.date, PAGE.h - 38, 9, false);
  w.y = PAGE.h - 12;
  w.text(e.input.project.name, { font: "bold", size: 18, color: COLORS.white, width: w.width - 170, lineGap: 4 });
  w.y = Math.min(w.y, PAGE.h - h) - 8;
}

/** "label  amount" with both right-aligned at the page's right edge, as on an invoice. */
function amountLine(w: PdfWriter, label: string, amount: number, bold = false) {
  const size = bold ? 11 : 9.5;
  const font = w.font(bold ? "bold" : "regular");
  const value = money(amount);
  w.ensure(size + 6);
  w.y -= size + 6;
  const valueRight = PAGE.w - w.margin - 4;
  w.page.drawText(label, {
    x: valueRight - 110 - font.widthOfTextAtSize(label, size),
    y: w.y + 3,
    size,
    font,
    color: COLORS.ink,
  });
  w.page.drawText(value, { x: valueRight - font.widthOfTextAtSize(value, size), y: w.y + 3, size, font });
}

export async function renderEstimatePdf(e: BidEstimate): Promise<Uint8Array> {
  const { project } = e.input;
  const w = await PdfWriter.create({ title: `${project.name} Bid Estimate`, subject: "ChemReady bid estimate" });
  titleBand(w, e);
  // The facts two to a row, so sixteen lines, services and notes still fit the page.
  const facts = projectFacts(e);
  const pairs = Array.from({ length: Math.ceil(facts.length / 2) }, (_, i) => [
    ...facts[2 * i]!,
    ...(facts[2 * i + 1] ?? ["", ""]),
  ]);
  const half = w.width / 2;
  w.table(pairs, { colWidths: [70, half - 70, 70, half - 70], align: ["left", "left", "left", "left"] });

  w.heading("Products");
  w.table(
    [
      ["#", "Product", "Description", "Quantity", "Unit", "Unit Price", "Line Total"],
      ...e.lines.map((l, i) => [
        String(i + 1),
        l.product,
        l.description ?? "",
        quantity(l.quantity),
        l.unit,
        money(l.unit_price),
        money(l.total),
      ]),
    ],
    {
      header: true,
      colWidths: [22, 128, 150, 52, 45, 60, 75],
      align: ["left", "left", "left", "right", "left", "right", "right"],
    },
  );

  if (e.services.length) {
    w.heading("Services");
    w.table(
      [
        ["#", "Service", "Quantity", "Rate", "Amount"],
        ...e.services.map((s, i) => [
          String(i + 1),
          s.description,
          quantity(s.quantity),
          money(s.rate),
          money(s.amount),
        ]),
      ],
      { header: true, colWidths: [22, 300, 60, 75, 75], align: ["left", "left", "right", "right", "right"] },
    );
  }

  w.heading("Shipping");
  if (e.shipping === null) w.text(NO_SHIPPING);
  else {
    const freight = [...shippingFacts(e), ["Cost", money(e.shipping)]];
    w.text(freight.map(([label, value]) => `${label}: ${value}`).join("   |   "));
  }

  // The totals stay together on one page, the grand total under the amounts it adds up.
  const amounts = 2 + (e.services.length ? 1 : 0) + (e.shipping === null ? 0 : 1);
  w.ensure(40 + amounts * 16 + 10);
  w.heading("Totals");
  amountLine(w, "Products subtotal", e.productsSubtotal);
  if (e.services.length) amountLine(w, "Services subtotal", e.servicesSubtotal);
  if (e.shipping !== null) amountLine(w, "Shipping", e.shipping);
  w.page.drawLine({
    start: { x: PAGE.w - w.margin - 220, y: w.y - 3 },
    end: { x: PAGE.w - w.margin, y: w.y - 3 },
    thickness: 0.75,
    color: COLORS.rule,
  });
  w.gap(4);
  amountLine(w, "Grand total", e.grandTotal, true);

  if (e.input.notes) {
    w.heading("Notes");
    w.text(e.input.notes);
  }
  w.footers(`${project.name} | ${project.customer} | Bid estimate ${e.date}`);
  return w.save();
}
