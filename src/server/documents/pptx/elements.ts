// One slide element (TOOL-47, TOOL-48) drawn into its box: text, bullets with their levels, a table, a
// native chart (editable in PowerPoint, its data in an embedded workbook) or a picture fitted to the box.
import type PptxGenJS from "pptxgenjs";
import type { SlideElement } from "../../../tools/slides";
import { DocumentError } from "../document-error";
import { fitInto } from "../image-info";
import type { DocumentImage } from "../images";
import { COLORS, FONT, SERIES_COLORS, clean } from "./theme";

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

type Chart = Extract<SlideElement, { type: "chart" }>;

const CHART_TYPES: Record<Chart["chart_type"], { type: PptxGenJS.CHART_NAME; opts: Partial<PptxGenJS.IChartOpts> }> = {
  COLUMN_CLUSTERED: { type: "bar", opts: { barDir: "col", barGrouping: "clustered" } },
  BAR_CLUSTERED: { type: "bar", opts: { barDir: "bar", barGrouping: "clustered" } },
  LINE: { type: "line", opts: { lineSize: 2, lineDataSymbol: "circle" } },
  PIE: { type: "pie", opts: { showPercent: true } },
};

/** Every series needs one value per category: a chart that silently drops or invents points misleads. */
function checkSeries(el: Chart) {
  for (const s of el.series) {
    if (s.values.length !== el.categories.length) {
      throw new DocumentError(
        `Chart series "${s.name}" has ${s.values.length} values but there are ${el.categories.length} categories`,
      );
    }
  }
  if (el.chart_type === "PIE" && el.series.length > 1) {
    throw new DocumentError(`A PIE chart shows one series; "${el.chart_title ?? "the chart"}" has ${el.series.length}`);
  }
}

function addChart(pptx: PptxGenJS, slide: PptxGenJS.Slide, el: Chart, box: Box) {
  checkSeries(el);
  const kind = CHART_TYPES[el.chart_type];
  const data = el.series.map((s) => ({ name: clean(s.name), labels: el.categories.map(clean), values: s.values }));
  const pie = el.chart_type === "PIE";
  slide.addChart(pptx.ChartType[kind.type === "bar" ? "bar" : kind.type === "line" ? "line" : "pie"], data, {
    ...box,
    ...kind.opts,
    chartColors: pie ? SERIES_COLORS.slice(0, Math.max(1, el.categories.length)) : SERIES_COLORS,
    showTitle: Boolean(el.chart_title),
    title: el.chart_title ? clean(el.chart_title) : undefined,
    titleFontFace: FONT,
    titleFontSize: 14,
    titleColor: COLORS.ink,
    showLegend: pie || el.series.length > 1,
    legendPos: "b",
    legendFontFace: FONT,
    catAxisLabelFontFace: FONT,
    valAxisLabelFontFace: FONT,
    catAxisLabelFontSize: 10,
    valAxisLabelFontSize: 10,
  });
}

function addTable(slide: PptxGenJS.Slide, el: Extract<SlideElement, { type: "table" }>, box: Box) {
  const rowsCount = el.rows.length + 1;
  // Shrink the type for long tables so they stay on their slide.
  const fontSize = Math.max(8, Math.min(14, Math.floor(((box.h / rowsCount) * 72) / 2)));
  const header = el.headers.map((h) => ({
    text: clean(h),
    options: { bold: true, color: COLORS.white, fill: { color: COLORS.navy } },
  }));
  const body = el.rows.map((row, r) =>
    el.headers.map((_, c) => ({
      text: clean(String(row[c] ?? "")),
      options: {
        fill: { color: r % 2 ? COLORS.light : COLORS.white },
        align: typeof row[c] === "number" ? ("right" as const) : undefined,
      },
    })),
  );
  slide.addTable([header, ...body], {
    x: box.x,
    y: box.y,
    w: box.w,
    colW: Array(el.headers.length).fill(box.w / el.headers.length),
    fontFace: FONT,
    fontSize,
    color: COLORS.ink,
    border: { type: "solid", pt: 0.5, color: COLORS.rule },
    valign: "middle",
  });
}

export function addElement(
  pptx: PptxGenJS,
  slide: PptxGenJS.Slide,
  el: SlideElement,
  box: Box,
  images: ReadonlyMap<string, DocumentImage>,
  color = COLORS.ink,
) {
  switch (el.type) {
    case "text":
      slide.addText(clean(el.text), { ...box, fontFace: FONT, fontSize: 16, color, valign: "top", fit: "shrink" });
      return;
    case "bullet_list":
      slide.addText(
        el.items.map((item) => ({
          text: clean(item.text),
          options: {
            bullet: true,
            indentLevel: item.level,
            fontSize: Math.max(12, 18 - 2 * item.level),
            breakLine: true,
          },
        })),
        { ...box, fontFace: FONT, color, valign: "top", paraSpaceAfter: 4, fit: "shrink" },
      );
      return;
    case "table":
      addTable(slide, el, box);
      return;
    case "chart":
      addChart(pptx, slide, el, box);
      return;
    case "image": {
      const image = images.get(el.fileId)!;
      const mime = image.format === "jpeg" ? "image/jpeg" : `image/${image.format}`;
      slide.addImage({ data: `${mime};base64,${Buffer.from(image.bytes).toString("base64")}`, ...fitInto(image, box) });
      return;
    }
  }
}
