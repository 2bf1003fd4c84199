// Test helpers: generated documents opened back by readers that share nothing with the code that wrote
// them — a .pptx or .xlsx unzipped (jszip) and its XML read, a PDF's text extracted (unpdf, as uploads are).
import JSZip from "jszip";

export interface ReadSlide {
  layout: string;
  /** Text the slide shows through its layout (footers of the master). */
  layoutText: string;
  title: string;
  /** Every paragraph's text with its bullet level (0 when none is written), in order. */
  paragraphs: { text: string; level: number; bullet: boolean }[];
  tables: string[][][];
  charts: ReadChart[];
  pictures: number;
  text: string;
}

export interface ReadChart {
  kind: string;
  barDir?: string;
  grouping?: string;
  title: string;
  series: { name: string; categories: string[]; values: number[] }[];
}

const unescape = (s: string) =>
  s
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&quot;", '"')
    .replaceAll("&apos;", "'")
    .replaceAll("&amp;", "&");
const texts = (xml: string) => [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => unescape(m[1]!));
const attr = (xml: string, tag: string) => xml.match(new RegExp(`<${tag} val="([^"]*)"`))?.[1];
const cache = (xml: string, tag: string) =>
  [...(xml.match(new RegExp(`<c:${tag}>[\\s\\S]*?</c:${tag}>`))?.[0] ?? "").matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((m) =>
    unescape(m[1]!),
  );

function readChart(xml: string): ReadChart {
  const kind = xml.match(/<c:(barChart|lineChart|pieChart|areaChart|doughnutChart)>/)?.[1] ?? "unknown";
  const title = xml.match(/<c:title>[\s\S]*?<\/c:title>/)?.[0];
  const series = [...xml.matchAll(/<c:ser>[\s\S]*?<\/c:ser>/g)].map(([ser]) => ({
    name: cache(ser, "tx")[0] ?? "",
    categories: cache(ser, "cat"),
    values: cache(ser, "val").map(Number),
  }));
  return {
    kind,
    barDir: attr(xml, "c:barDir"),
    grouping: attr(xml, "c:grouping"),
    title: title ? texts(title).join("") : "",
    series,
  };
}

async function file(zip: JSZip, path: string): Promise<string> {
  const f = zip.file(path.replace(/^\//, ""));
  if (!f) throw new Error(`missing ${path} in the package`);
  return f.async("string");
}

/** Relationship id → target path, resolved against the part's folder. */
async function rels(zip: JSZip, part: string): Promise<Map<string, string>> {
  const dir = part.slice(0, part.lastIndexOf("/"));
  const xml = await file(zip, `${dir}/_rels/${part.slice(dir.length + 1)}.rels`);
  const out = new Map<string, string>();
  for (const m of xml.matchAll(/<Relationship Id="([^"]+)" Type="[^"]*\/(\w+)" Target="([^"]+)"/g)) {
    const target = m[3]!.startsWith("/") ? m[3]!.slice(1) : new URL(m[3]!, `file:///${dir}/`).pathname.slice(1);
    out.set(m[1]!, `${m[2]}|${target}`);
  }
  return out;
}

export async function readPptx(bytes: Uint8Array): Promise<{ slides: ReadSlide[]; title: string }> {
  const zip = await JSZip.loadAsync(bytes);
  const presentation = await file(zip, "ppt/presentation.xml");
  const presRels = await rels(zip, "ppt/presentation.xml");
  const slideParts = [...presentation.matchAll(/<p:sldId [^>]*r:id="([^"]+)"/g)].map(
    (m) => presRels.get(m[1]!)!.split("|")[1]!,
  );
  const core = await file(zip, "docProps/core.xml");
  const slides: ReadSlide[] = [];
  for (const part of slideParts) {
    const xml = await file(zip, part);
    const partRels = [...(await rels(zip, part)).values()];
    const layoutPart = partRels.find((r) => r.startsWith("slideLayout|"))!.split("|")[1]!;
    const layoutXml = await file(zip, layoutPart);
    const layout = layoutXml.match(/<p:cSld name="([^"]*)"/)![1]!;
    const shapes = [...xml.matchAll(/<p:sp>[\s\S]*?<\/p:sp>/g)].map((m) => m[0]);
    const titleShape = shapes.find((s) => /<p:ph[^>]*type="title"/.test(s));
    const paragraphs = shapes
      .filter((s) => s !== titleShape)
      .flatMap((s) => [...s.matchAll(/<a:p>([\s\S]*?)<\/a:p>/g)])
      .map(([, p]) => ({
        text: texts(p!).join(""),
        level: Number(p!.match(/<a:pPr[^>]*lvl="(\d)"/)?.[1] ?? 0),
        bullet: /<a:buChar /.test(p!),
      }))
      .filter((p) => p.text);
    const tables = [...xml.matchAll(/<a:tbl>[\s\S]*?<\/a:tbl>/g)].map(([tbl]) =>
      [...tbl.matchAll(/<a:tr[^>]*>([\s\S]*?)<\/a:tr>/g)].map(([, tr]) =>
        [...tr!.matchAll(/<a:tc[^>]*>([\s\S]*?)<\/a:tc>/g)].map(([, tc]) => texts(tc!).join("")),
      ),
    );
    const charts: ReadChart[] = [];
    for (const r of partRels.filter((r) => r.startsWith("chart|")))
      charts.push(readChart(await file(zip, r.split("|")[1]!)));
    slides.push({
      layout,
      layoutText: texts(layoutXml).join("\n"),
      title: titleShape ? texts(titleShape).join("") : "",
      paragraphs,
      tables,
      charts,
      pictures: (xml.match(/<p:pic>/g) ?? []).length,
      text: texts(xml).join("\n"),
    });
  }
  return { slides, title: unescape(core.match(/<dc:title>([^<]*)<\/dc:title>/)?.[1] ?? "") };
}

/** The text of each page of a PDF. */
export async function readPdf(bytes: Uint8Array): Promise<{ pages: string[]; text: string }> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  const pages = text as string[];
  return { pages, text: pages.join("\n") };
}

export interface ReadCell {
  /** The value as stored: a number, the shared or inline string, or a formula's cached result. */
  value: string | number | null;
  formula?: string;
}

export interface ReadSheet {
  name: string;
  cells: Map<string, ReadCell>;
  /** Each row's cells by column letter, for finding a row by its label. */
  rows: Map<number, Map<string, ReadCell>>;
}

const cellText = (xml: string) => [...xml.matchAll(/<t(?: [^>]*)?>([^<]*)<\/t>/g)].map((m) => unescape(m[1]!)).join("");

/** An .xlsx unzipped: each sheet's cells as written, formulas (<f>) with their cached values (<v>). */
export async function readXlsx(bytes: Uint8Array): Promise<{ sheets: ReadSheet[]; title: string }> {
  const zip = await JSZip.loadAsync(bytes);
  const workbook = await file(zip, "xl/workbook.xml");
  const bookRels = await rels(zip, "xl/workbook.xml");
  const shared = zip.file("xl/sharedStrings.xml")
    ? [...(await file(zip, "xl/sharedStrings.xml")).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => cellText(m[1]!))
    : [];
  const sheets: ReadSheet[] = [];
  for (const m of workbook.matchAll(/<sheet [^>]*name="([^"]*)"[^>]*r:id="([^"]+)"/g)) {
    const xml = await file(zip, bookRels.get(m[2]!)!.split("|")[1]!);
    const cells = new Map<string, ReadCell>();
    const rows = new Map<number, Map<string, ReadCell>>();
    for (const c of xml.matchAll(/<c r="([A-Z]+)(\d+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const [, col, row, attrs, body = ""] = c;
      const type = attrs!.match(/ t="(\w+)"/)?.[1];
      const v = body.match(/<v>([^<]*)<\/v>/)?.[1];
      const formula = body.match(/<f(?: [^>]*)?>([^<]*)<\/f>/)?.[1];
      const value =
        type === "s"
          ? shared[Number(v)]!
          : type === "inlineStr"
            ? cellText(body)
            : v === undefined
              ? null
              : type === "str" || type === "e"
                ? unescape(v)
                : Number(v);
      const cell: ReadCell = formula === undefined ? { value } : { value, formula: unescape(formula) };
      cells.set(`${col}${row}`, cell);
      if (!rows.has(Number(row))) rows.set(Number(row), new Map());
      rows.get(Number(row))!.set(col!, cell);
    }
    sheets.push({ name: unescape(m[1]!), cells, rows });
  }
  const core = zip.file("docProps/core.xml") ? await file(zip, "docProps/core.xml") : "";
  return { sheets, title: unescape(core.match(/<dc:title>([^<]*)<\/dc:title>/)?.[1] ?? "") };
}
