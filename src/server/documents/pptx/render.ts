// The Slide/Element model (chat §3) as a .pptx: slides in slide_number order, each on the master of
// its layout, its title in the title placeholder, a description (and SUBTITLE text) under it and the
// other elements sharing the content area. generate_powerpoint and save_whiteboard both render here.
import type PptxGenJS from "pptxgenjs";
import type { Slide, SlideElement } from "../../../tools/slides";
import type { DocumentImage } from "../images";
import { addElement, type Box } from "./elements";
import { FRAMES, defineMasters, descriptionColor, type Layout } from "./masters";
import { FONT, clean } from "./theme";

export interface PresentationInput {
  title: string;
  slides: readonly Slide[];
  images: ReadonlyMap<string, DocumentImage>;
  /** Printed at the foot of every slide (the whiteboard's company and deal team). */
  footer?: string;
  company?: string;
}

const GAP = 0.25;

/** Two elements side by side (text beside a chart is the common case); more are stacked. */
function arrange(content: Box, count: number): Box[] {
  if (count === 2) {
    const w = (content.w - GAP) / 2;
    return [0, 1].map((i) => ({ ...content, x: content.x + i * (w + GAP), w }));
  }
  const h = (content.h - GAP * (count - 1)) / Math.max(1, count);
  return Array.from({ length: count }, (_, i) => ({ ...content, y: content.y + i * (h + GAP), h }));
}

const isSubtitle = (el: SlideElement): el is Extract<SlideElement, { type: "text" }> =>
  el.type === "text" && el.placeholder_type === "SUBTITLE";

function addSlide(pptx: PptxGenJS, s: Slide, images: ReadonlyMap<string, DocumentImage>) {
  const layout: Layout = s.layout;
  const frame = FRAMES[layout];
  const slide = pptx.addSlide({ masterName: layout });
  if (s.title.trim()) slide.addText(clean(s.title), { placeholder: "title" });

  const subtitle = [s.description, ...s.elements.filter(isSubtitle).map((el) => el.text)]
    .filter((t): t is string => Boolean(t?.trim()))
    .map(clean)
    .join("\n");
  if (subtitle) {
    const big = layout === "TITLE_SLIDE" || layout === "SECTION_HEADER";
    slide.addText(subtitle, {
      ...frame.description,
      fontFace: FONT,
      fontSize: big ? 18 : 14,
      color: descriptionColor(layout),
      align: layout === "TITLE_SLIDE" ? "center" : "left",
      valign: "top",
      fit: "shrink",
    });
  }

  const rest = s.elements.filter((el) => !isSubtitle(el));
  // Without a description the content may start right under the title.
  const content =
    subtitle || layout === "TITLE_SLIDE" || layout === "SECTION_HEADER"
      ? frame.content
      : { ...frame.content, y: frame.description.y, h: frame.content.h + (frame.content.y - frame.description.y) };
  const boxes = arrange(content, rest.length);
  rest.forEach((el, i) =>
    addElement(pptx, slide, el, boxes[i]!, images, layout === "TITLE_SLIDE" ? "E6F0EF" : undefined),
  );
}

export async function renderPresentation(input: PresentationInput): Promise<Uint8Array> {
  // Loaded on first use, not at start (issue 18: idle memory).
  const { default: Pptx } = await import("pptxgenjs");
  const pptx = new Pptx();
  pptx.layout = "LAYOUT_16x9";
  pptx.title = clean(input.title);
  pptx.author = "Switchboard";
  if (input.company) pptx.company = clean(input.company);
  pptx.theme = { headFontFace: FONT, bodyFontFace: FONT };
  defineMasters(pptx, input.footer);
  const ordered = [...input.slides].sort((a, b) => a.slide_number - b.slide_number);
  for (const s of ordered) addSlide(pptx, s, input.images);
  const out = (await pptx.write({ outputType: "nodebuffer", compression: true })) as Buffer;
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

/** The image file ids the slides use, in order. */
export const slideImageIds = (slides: readonly Slide[]) =>
  slides.flatMap((s) => s.elements.flatMap((el) => (el.type === "image" ? [el.fileId] : [])));
