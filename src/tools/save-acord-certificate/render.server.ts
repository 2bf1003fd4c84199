// An ACORD 25-style certificate of liability insurance as a one-page PDF, laid out like the real form
// (header and date, notice, producer and contact, insured and insurers A–F, the coverage table,
// description of operations, certificate holder, cancellation and authorized representative) but drawn
// here: no ACORD artwork, logo or form number is reproduced.
import type { z } from "zod";
import { COLORS, PAGE, PdfWriter } from "../../server/documents/pdf/writer";
import { coverageRows } from "./coverage-rows";
import type { saveAcordCertificate } from "./definition";
import { INSURER_LETTERS } from "./parties";

type Certificate = z.infer<(typeof saveAcordCertificate)["input"]>;

const NOTICE =
  "THIS CERTIFICATE IS ISSUED AS A MATTER OF INFORMATION ONLY AND CONFERS NO RIGHTS UPON THE CERTIFICATE HOLDER. " +
  "IT DOES NOT AMEND, EXTEND OR ALTER THE COVERAGE AFFORDED BY THE POLICIES BELOW, NOR DOES IT FORM A CONTRACT " +
  "BETWEEN THE ISSUING INSURER(S), AUTHORIZED REPRESENTATIVE OR PRODUCER AND THE CERTIFICATE HOLDER. If the holder is " +
  "an additional insured, the policies must be endorsed; if subrogation is waived, the policies' terms apply.";
const CANCELLATION =
  "SHOULD ANY OF THE ABOVE DESCRIBED POLICIES BE CANCELLED BEFORE THE EXPIRATION DATE THEREOF, NOTICE WILL BE " +
  "DELIVERED IN ACCORDANCE WITH THE POLICY PROVISIONS.";

/** Drawing in boxes measured from the page's top-left, as forms are designed. */
function grid(w: PdfWriter) {
  const top = (y: number) => PAGE.h - y;
  const rect = (x: number, y: number, width: number, height: number, fill?: boolean) =>
    w.page.drawRectangle({
      x,
      y: top(y + height),
      width,
      height,
      borderColor: COLORS.ink,
      borderWidth: 0.6,
      color: fill ? COLORS.light : undefined,
    });
  /** Wrapped lines from (x, y) down; returns the height used. */
  const write = (
    x: number,
    y: number,
    width: number,
    text: string,
    opts: { size?: number; bold?: boolean; align?: "left" | "center" | "right" } = {},
  ) => {
    const size = opts.size ?? 7.5;
    const font = w.font(opts.bold ? "bold" : "regular");
    const lines = w.wrap(text, font, size, width);
    lines.forEach((line, i) => {
      const lw = font.widthOfTextAtSize(line, size);
      const lx = opts.align === "center" ? x + (width - lw) / 2 : opts.align === "right" ? x + width - lw : x;
      w.page.drawText(line, { x: lx, y: top(y + (i + 1) * (size + 1.5)), size, font, color: COLORS.ink });
    });
    return lines.length * (size + 1.5);
  };
  const label = (x: number, y: number, text: string) => write(x + 2, y + 1, 200, text, { size: 5.5, bold: true });
  return { rect, write, label };
}

export async function renderAcordCertificate(c: Certificate): Promise<Uint8Array> {
  const w = await PdfWriter.create({
    title: "Certificate of Liability Insurance",
    subject: `Issued to ${c.holder.name}`,
  });
  const { rect, write, label } = grid(w);
  const L = 30;
  const W = PAGE.w - 2 * L;
  const half = W / 2;
  let y = 30;

  // Header and date.
  rect(L, y, W, 34);
  write(L, y + 8, W - 110, "CERTIFICATE OF LIABILITY INSURANCE", { size: 14, bold: true, align: "center" });
  rect(L + W - 100, y, 100, 34);
  label(L + W - 100, y, "DATE (MM/DD/YYYY)");
  write(L + W - 96, y + 14, 92, c.certificate.date, { size: 9, align: "center" });
  y += 34;
  rect(L, y, W, 36);
  write(L + 4, y + 3, W - 8, NOTICE, { size: 6 });
  y += 36;

  // Producer and contact.
  const pH = 62;
  rect(L, y, half, pH);
  label(L, y, "PRODUCER");
  write(L + 4, y + 10, half - 8, `${c.producer.name}\n${c.producer.address}`, { size: 8 });
  rect(L + half, y, half, pH);
  const contact = [
    ["CONTACT NAME:", c.producer.contact_name],
    ["PHONE:", c.producer.phone],
    ["FAX:", c.producer.fax],
    ["E-MAIL:", c.producer.email],
  ] as const;
  contact.forEach(([k, v], i) => {
    write(L + half + 4, y + 4 + i * 14, 60, k, { size: 6, bold: true });
    write(L + half + 66, y + 3 + i * 14, half - 70, v ?? "", { size: 8 });
  });
  y += pH;

  // Insured and insurers A–F.
  const iH = 8 + INSURER_LETTERS.length * 12 + 4;
  rect(L, y, half, iH);
  label(L, y, "INSURED");
  write(L + 4, y + 10, half - 8, `${c.insured.name}\n${c.insured.address}`, { size: 8 });
  rect(L + half, y, half, iH);
  write(L + half + 4, y + 2, half - 60, "INSURER(S) AFFORDING COVERAGE", { size: 6, bold: true });
  write(L + W - 50, y + 2, 46, "NAIC #", { size: 6, bold: true, align: "right" });
  INSURER_LETTERS.forEach((letter, i) => {
    const insurer = c.insurers.find((ins) => ins.letter === letter);
    const ry = y + 10 + i * 12;
    write(L + half + 4, ry, 50, `INSURER ${letter} :`, { size: 6.5, bold: true });
    write(L + half + 56, ry, half - 110, insurer?.name ?? "", { size: 7.5 });
    write(L + W - 50, ry, 46, insurer?.naic ?? "", { size: 7.5, align: "right" });
  });
  y += iH;

  // Coverages.
  rect(L, y, W, 14, true);
  write(L + 4, y + 3, 120, "COVERAGES", { size: 8, bold: true });
  write(L + 130, y + 3, 200, `CERTIFICATE NUMBER: ${c.certificate.certificate_number ?? ""}`, { size: 7 });
  write(L + 340, y + 3, W - 344, `REVISION NUMBER: ${c.certificate.revision_number ?? ""}`, { size: 7 });
  y += 14;
  const cols = [
    ["INSR LTR", 24],
    ["TYPE OF INSURANCE", 150],
    ["ADDL INSD", 26],
    ["SUBR WVD", 26],
    ["POLICY NUMBER", 92],
    ["POLICY EFF (MM/DD/YYYY)", 50],
    ["POLICY EXP (MM/DD/YYYY)", 50],
    ["LIMITS", W - 418],
  ] as const;
  const xs = cols.reduce<number[]>((acc, [, cw], i) => [...acc, (acc[i] ?? L) + cw], [L]);
  cols.forEach(([name, cw], i) => {
    rect(xs[i]!, y, cw, 18, true);
    write(xs[i]! + 1, y + 2, cw - 2, name, { size: 5.5, bold: true, align: "center" });
  });
  y += 18;
  const limitsW = cols[7][1];
  for (const row of coverageRows(c)) {
    const typeLines = row.type.reduce((n, t) => n + w.wrap(t, w.font(), 7, 144).length, 0);
    const limitLines = row.limits.reduce(
      (n, [k, v]) =>
        n + Math.max(w.wrap(k, w.font(), 6, limitsW * 0.6).length, w.wrap(v, w.font(), 7, limitsW * 0.4 - 6).length),
      0,
    );
    const h = Math.max(typeLines * 8.5, limitLines * 9, 20) + 6;
    cols.forEach(([, cw], i) => rect(xs[i]!, y, cw, h));
    write(xs[0]!, y + 3, 24, row.letter, { size: 8, bold: true, align: "center" });
    let ty = y + 3;
    for (const t of row.type) ty += write(xs[1]! + 3, ty, 144, t, { size: 7 });
    write(xs[2]!, y + 3, 26, row.addl ? "Y" : "", { size: 8, align: "center" });
    write(xs[3]!, y + 3, 26, row.subr ? "Y" : "", { size: 8, align: "center" });
    write(xs[4]! + 3, y + 3, 86, row.number, { size: 7.5 });
    write(xs[5]!, y + 3, 50, row.effective, { size: 7.5, align: "center" });
    write(xs[6]!, y + 3, 50, row.expiration, { size: 7.5, align: "center" });
    let ly = y + 3;
    for (const [k, v] of row.limits) {
      const used = write(xs[7]! + 3, ly, limitsW * 0.6, k, { size: 6 });
      write(xs[7]! + limitsW * 0.6, ly, limitsW * 0.4 - 4, v, { size: 7, align: "right" });
      ly += Math.max(used, 8.5) + 0.5;
    }
    y += h;
  }

  // Description of operations.
  const desc = c.description_operations ?? "";
  const dH = Math.max(44, w.wrap(desc, w.font(), 7.5, W - 8).length * 9 + 16);
  rect(L, y, W, dH);
  label(L, y, "DESCRIPTION OF OPERATIONS / LOCATIONS / VEHICLES");
  write(L + 4, y + 10, W - 8, desc, { size: 7.5 });
  y += dH;

  // Certificate holder, cancellation and signature.
  const hH = 96;
  rect(L, y, half, hH);
  label(L, y, "CERTIFICATE HOLDER");
  write(L + 4, y + 12, half - 8, `${c.holder.name}\n${c.holder.address}`, { size: 9 });
  rect(L + half, y, half, 50);
  label(L + half, y, "CANCELLATION");
  write(L + half + 4, y + 10, half - 8, CANCELLATION, { size: 6.5 });
  rect(L + half, y + 50, half, hH - 50);
  label(L + half, y + 50, "AUTHORIZED REPRESENTATIVE");
  write(L + half + 4, y + 66, half - 8, c.authorized_representative, { size: 10, bold: true });
  y += hH;

  write(L, y + 4, W, "Certificate of liability insurance (ACORD 25 layout) generated by Switchboard", { size: 6 });
  return w.save();
}
