// Word and Excel previews (KB-58, decision 052): files the test makes, rendered to HTML, text escaped.
import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { Document, Packer, Paragraph, TextRun } from "docx";
import { canRenderOffice, officeFrameDocument, officeToHtml } from "./office-html";

const arrayBuffer = (b: Buffer | Uint8Array) =>
  b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

describe("office previews", { timeout: 30_000 }, () => {
  it("[KB-58] a .docx renders its paragraphs as HTML", async () => {
    const doc = new Document({
      sections: [{ children: [new Paragraph({ children: [new TextRun("Statement of work")] })] }],
    });
    const html = await officeToHtml("sow.docx", arrayBuffer(await Packer.toBuffer(doc)));
    expect(html).toContain("<p>Statement of work</p>");
  });

  it("[KB-58] an .xlsx renders each sheet as a table, cell text escaped", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Q1 <totals>");
    sheet.addRow(["Region", "Revenue"]);
    sheet.addRow(["<script>alert(1)</script>", 42]);
    const html = await officeToHtml("q1.xlsx", arrayBuffer(new Uint8Array(await book.xlsx.writeBuffer())));
    expect(html).toContain("<h2>Q1 &lt;totals&gt;</h2>");
    expect(html).toContain("<td>Region</td><td>Revenue</td>");
    expect(html).toContain("<td>&lt;script&gt;alert(1)&lt;/script&gt;</td><td>42</td>");
    expect(html).not.toContain("<script>");
  });

  it("[KB-58] legacy .doc, .xls and PowerPoint are not rendered (they offer the download)", () => {
    expect(["a.docx", "a.xlsx", "a.xlsm"].every(canRenderOffice)).toBe(true);
    expect(["a.doc", "a.xls", "a.pptx"].some(canRenderOffice)).toBe(false);
    expect(officeFrameDocument("<p>x</p>")).toContain("<body><p>x</p></body>");
  });
});
