// The four slide layouts of the Slide model (TOOL-46) as slide masters named after them, each with a
// real title placeholder, so PowerPoint's outline and accessibility checker see every slide's title.
import type PptxGenJS from "pptxgenjs";
import type { Slide } from "../../../tools/slides";
import { COLORS, FONT, MARGIN, SLIDE_H, SLIDE_W, clean } from "./theme";

export type Layout = Slide["layout"];

/** Where a layout's content goes, below its title and description. */
export interface LayoutFrame {
  title: { x: number; y: number; w: number; h: number };
  description: { x: number; y: number; w: number; h: number };
  content: { x: number; y: number; w: number; h: number };
}

const FOOTER_H = 0.35;
const bottom = SLIDE_H - FOOTER_H - 0.1;

export const FRAMES: Record<Layout, LayoutFrame> = {
  TITLE_SLIDE: {
    title: { x: MARGIN, y: 1.2, w: SLIDE_W - 2 * MARGIN, h: 1.2 },
    description: { x: MARGIN, y: 2.45, w: SLIDE_W - 2 * MARGIN, h: 0.7 },
    content: { x: MARGIN + 1, y: 3.25, w: SLIDE_W - 2 * MARGIN - 2, h: bottom - 3.25 },
  },
  SECTION_HEADER: {
    title: { x: MARGIN + 0.3, y: 1.7, w: SLIDE_W - 2 * MARGIN - 0.3, h: 1.0 },
    description: { x: MARGIN + 0.3, y: 2.75, w: SLIDE_W - 2 * MARGIN - 0.3, h: 0.6 },
    content: { x: MARGIN + 0.3, y: 3.45, w: SLIDE_W - 2 * MARGIN - 0.3, h: bottom - 3.45 },
  },
  TITLE_AND_CONTENT: {
    title: { x: MARGIN, y: 0.25, w: SLIDE_W - 2 * MARGIN, h: 0.75 },
    description: { x: MARGIN, y: 0.95, w: SLIDE_W - 2 * MARGIN, h: 0.4 },
    content: { x: MARGIN, y: 1.45, w: SLIDE_W - 2 * MARGIN, h: bottom - 1.45 },
  },
  CUSTOM_LAYOUT: {
    title: { x: MARGIN, y: 0.2, w: SLIDE_W - 2 * MARGIN, h: 0.6 },
    description: { x: MARGIN, y: 0.8, w: SLIDE_W - 2 * MARGIN, h: 0.35 },
    content: { x: MARGIN, y: 1.2, w: SLIDE_W - 2 * MARGIN, h: bottom - 1.2 },
  },
};

const TITLE_STYLE: Record<Layout, Partial<PptxGenJS.TextPropsOptions>> = {
  TITLE_SLIDE: { fontSize: 36, bold: true, color: COLORS.white, align: "center", valign: "bottom" },
  SECTION_HEADER: { fontSize: 32, bold: true, color: COLORS.navy, align: "left", valign: "bottom" },
  TITLE_AND_CONTENT: { fontSize: 26, bold: true, color: COLORS.navy, align: "left", valign: "middle" },
  CUSTOM_LAYOUT: { fontSize: 22, bold: true, color: COLORS.navy, align: "left", valign: "middle" },
};

const BACKGROUNDS: Record<Layout, string> = {
  TITLE_SLIDE: COLORS.navy,
  SECTION_HEADER: COLORS.light,
  TITLE_AND_CONTENT: COLORS.white,
  CUSTOM_LAYOUT: COLORS.white,
};

export const titleStyle = (layout: Layout) => ({ fontFace: FONT, ...TITLE_STYLE[layout] });
export const descriptionColor = (layout: Layout) => (layout === "TITLE_SLIDE" ? COLORS.light : COLORS.muted);

/** Defines the four masters; `footer` (the whiteboard's company and deal team) is printed on each. */
export function defineMasters(pptx: PptxGenJS, footer?: string) {
  for (const layout of Object.keys(FRAMES) as Layout[]) {
    const frame = FRAMES[layout];
    const onDark = layout === "TITLE_SLIDE";
    const objects: PptxGenJS.SlideMasterProps["objects"] = [];
    if (layout === "SECTION_HEADER")
      objects.push({ rect: { x: MARGIN, y: 1.7, w: 0.12, h: 1.6, fill: { color: COLORS.accent } } });
    if (layout === "TITLE_AND_CONTENT") {
      objects.push({
        line: { x: MARGIN, y: 1.0, w: SLIDE_W - 2 * MARGIN, h: 0, line: { color: COLORS.accent, width: 1.5 } },
      });
    }
    if (footer) {
      objects.push({
        text: {
          text: clean(footer),
          options: {
            x: MARGIN,
            y: SLIDE_H - FOOTER_H - 0.05,
            w: SLIDE_W - 2 * MARGIN - 0.8,
            h: FOOTER_H,
            fontFace: FONT,
            fontSize: 9,
            color: onDark ? COLORS.light : COLORS.muted,
          },
        },
      });
    }
    objects.push({
      placeholder: { options: { name: "title", type: "title", ...frame.title, ...titleStyle(layout) }, text: "" },
    });
    pptx.defineSlideMaster({
      title: layout,
      background: { color: BACKGROUNDS[layout] },
      objects,
      slideNumber: onDark
        ? undefined
        : {
            x: SLIDE_W - MARGIN - 0.6,
            y: SLIDE_H - FOOTER_H - 0.05,
            w: 0.6,
            h: FOOTER_H,
            fontSize: 9,
            color: COLORS.muted,
            fontFace: FONT,
          },
    });
  }
}
