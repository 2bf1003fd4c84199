import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../test/context";
import { createTenancyFixture, type OrgFixture } from "../test/tenancy-fixture";
import { blobStore } from "../storage/store";
import { capText, extractText } from "./extract/extract";
import { parseInWorker } from "./extract/run-parser";
import { htmlToText } from "./extract/text";
import { makeDoc, makeDocx, makePdf, makeWorkbook } from "./test-documents";
import { uploadFile } from "./test-support";

let ctx: TestContext;
let a: OrgFixture;

beforeAll(async () => {
  ctx = await getTestContext();
  a = (await createTenancyFixture(ctx.app)).a;
});

/** Uploads through the API as the chat does, extracts, and returns the stored text. */
async function extracted(name: string, type: string, bytes: Uint8Array | string) {
  const { upload, extraction } = await uploadFile(ctx.app, a.member, a.id, { name, type, bytes });
  expect(extraction!.status, extraction!.text).toBe(200);
  expect(extraction!.body.status, extraction!.text).toBe("success");
  const content = await blobStore().get(upload.contentKey);
  expect(content?.contentType).toBe("text/plain; charset=utf-8");
  return new TextDecoder().decode(content!.bytes);
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const sheets = {
  Revenue: [
    ["Region", "Q1"],
    ["North", 1200],
    ["South", 950],
  ],
  Notes: [["Prepared by finance"]],
};

describe("FILE-27 API-15 content extraction of every accepted document format", () => {
  it("pdf: the text of every page (unpdf)", async () => {
    const text = await extracted(
      "deck.pdf",
      "application/pdf",
      await makePdf(["First page says hello", "Second page says goodbye"]),
    );
    expect(text).toBe("First page says hello\n\nSecond page says goodbye");
  });

  it("docx: paragraphs (mammoth)", async () => {
    const text = await extracted(
      "memo.docx",
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      await makeDocx(["Dear team,", "The launch is on Friday."]),
    );
    expect(text).toContain("Dear team,");
    expect(text).toContain("The launch is on Friday.");
  });

  it("doc: legacy Word 97 text (word-extractor)", async () => {
    const text = await extracted("legacy.doc", "application/msword", makeDoc("Legacy Word text from 1997"));
    expect(text.trim()).toBe("Legacy Word text from 1997");
  });

  for (const [ext, type, parser] of [
    ["xlsx", XLSX_TYPE, "ExcelJS"],
    ["xlsm", "application/vnd.ms-excel.sheet.macroEnabled.12", "ExcelJS"],
    ["xls", "application/vnd.ms-excel", "SheetJS"],
  ] as const) {
    it(`${ext}: every sheet as CSV under its name (${parser}, in a worker)`, async () => {
      const text = await extracted(`figures.${ext}`, type, makeWorkbook(ext, sheets));
      expect(text).toBe("## Sheet: Revenue\nRegion,Q1\nNorth,1200\nSouth,950\n\n## Sheet: Notes\nPrepared by finance");
    });
  }

  it("security #16: an .xlsx is read by ExcelJS as the Office Open XML zip it must be; SheetJS's format sniffing never sees it", async () => {
    // SheetJS reads a legacy workbook, an HTML table or CSV named .xlsx as if nothing were wrong:
    // any of its dozen parsers was reachable through an .xlsx upload.
    const disguised = [
      makeWorkbook("xls", sheets),
      new TextEncoder().encode("<table><tr><td>Region</td><td>Q1</td></tr></table>"),
    ];
    for (const bytes of disguised) {
      await expect(parseInWorker("xlsx", bytes)).rejects.toThrow();
      const { extraction } = await uploadFile(ctx.app, a.member, a.id, {
        name: "figures.xlsx",
        type: XLSX_TYPE,
        bytes,
      });
      expect(extraction!.body).toEqual({ status: "error", error: "Failed to extract content from figures.xlsx" });
    }
    // What ExcelJS reads that SheetJS wrote: cells of every kind, a quoted comma, a padded short row.
    const text = await extracted(
      "mixed.xlsx",
      XLSX_TYPE,
      makeWorkbook("xlsx", { Mixed: [["a,b", 'say "hi"', true], [1.5], [], ["last"]] }),
    );
    expect(text).toBe('## Sheet: Mixed\n"a,b","say ""hi""",true\n1.5,,\nlast,,');
  });

  it("security #16: SheetJS reads legacy .xls (an OLE compound file) and nothing else named .xls", async () => {
    await expect(parseInWorker("xls", makeWorkbook("xls", sheets))).resolves.toContain("## Sheet: Revenue");
    for (const bytes of [
      makeWorkbook("xlsx", sheets),
      new TextEncoder().encode("<table><tr><td>x</td></tr></table>"),
      new TextEncoder().encode("a,b\n1,2"),
    ]) {
      await expect(parseInWorker("xls", bytes)).rejects.toThrow("Not a legacy Excel workbook");
    }
  });

  it("csv, txt, md, json, xml, yaml and yml: the text as written", async () => {
    const cases: Array<[string, string, string]> = [
      ["people.csv", "text/csv", "name,age\nAda,36\n"],
      ["readme.txt", "text/plain", "Plain words, ünïcödé and emoji 🚀"],
      ["guide.md", "text/markdown", "# Title\n\n- one\n- two\n"],
      ["data.json", "application/json", '{"answer":42,"list":[1,2]}'],
      ["feed.xml", "application/xml", '<?xml version="1.0"?><items><item>Alpha</item></items>'],
      ["config.yaml", "application/yaml", "server:\n  port: 3000\n"],
      ["config.yml", "", "name: switchboard\n"],
    ];
    for (const [name, type, body] of cases) expect(await extracted(name, type, body), name).toBe(body);
  });

  it("txt with a UTF-8 byte-order mark or Windows line ends reads cleanly", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("line one\r\nline two")]);
    expect(await extracted("win.txt", "text/plain", bytes)).toBe("line one\nline two");
  });

  it("html and htm: readable text without scripts, styles or markup", async () => {
    const html = `<!doctype html><html><head><title>Launch plan</title><style>p{color:red}</style></head>
      <body><h1>Launch</h1><p>Ship on <b>Friday</b> &amp; celebrate&nbsp;&#x1F389;</p><script>steal()</script>
      <ul><li>One</li><li>Two</li></ul><!-- hidden --></body></html>`;
    const expected = "Launch plan\n\nLaunch\n\nShip on Friday & celebrate 🎉\n\nOne\n\nTwo";
    expect(await extracted("plan.html", "text/html", html)).toBe(expected);
    expect(await extracted("plan.htm", "text/html", html)).toBe(expected);
  });
});

describe("extraction limits", () => {
  it("caps the stored text at 2,000,000 characters with a note", () => {
    const { text, truncated } = capText("x".repeat(2_000_100));
    expect(truncated).toBe(true);
    expect(text.startsWith("x".repeat(2_000_000) + "\n\n[Content truncated")).toBe(true);
    expect(capText("short")).toEqual({ text: "short", truncated: false });
  });

  it("a large text file is stored truncated and says so", async () => {
    const { extraction } = await uploadFile(ctx.app, a.member, a.id, {
      name: "log.txt",
      type: "text/plain",
      bytes: "y".repeat(2_100_000),
    });
    expect(extraction!.body).toMatchObject({ status: "success", truncated: true });
  });

  it("a parser that runs too long is stopped", async () => {
    const pdf = await makePdf(Array.from({ length: 50 }, (_, i) => `page ${i}`));
    await expect(parseInWorker("pdf", pdf, { timeoutMs: 1, maxMemoryMb: 256 })).rejects.toThrow(/timed out/);
  });

  it("a parser that needs more memory than allowed is stopped", async () => {
    const big = makeWorkbook("xlsx", {
      Big: Array.from({ length: 20_000 }, (_, i) => [i, `row ${i} `.repeat(20), i * 2]),
    });
    await expect(parseInWorker("xlsx", big, { timeoutMs: 60_000, maxMemoryMb: 16 })).rejects.toThrow(/too much memory/);
  });

  it("unclosed tags in hostile HTML are handled in linear time", () => {
    const started = Date.now();
    htmlToText("<script".repeat(200_000) + "<".repeat(200_000) + "<!--".repeat(200_000) + "<td".repeat(200_000));
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("images are skipped without reading them", async () => {
    expect(await extractText({ bytes: new Uint8Array(), fileName: "x.webp", contentType: "image/webp" })).toEqual({
      kind: "skipped",
      reason: "Images are not extracted",
    });
  });
});
