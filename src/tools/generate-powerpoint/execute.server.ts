// generate_powerpoint: the slides as a .pptx in the organisation's files, offered for download (TOOL-39).
import { documentFileName, generateDocuments, PPTX_TYPE } from "../../server/documents/generate";
import { loadImages } from "../../server/documents/images";
import { renderPresentation, slideImageIds } from "../../server/documents/pptx/render";
import type { ToolExecutor } from "../executor.server";
import type { generatePowerpoint } from "./definition";

export const PPTX_IMAGE_FORMATS = ["png", "jpeg", "gif"] as const;

export const execute: ToolExecutor<typeof generatePowerpoint> = (input, ctx) =>
  generateDocuments("generate_powerpoint", ctx, async () => {
    const first = [...input.slides].sort((a, b) => a.slide_number - b.slide_number)[0]!;
    const title = first.title.trim() || "Presentation";
    const images = await loadImages(
      { orgId: ctx.orgId, userId: ctx.user.id },
      slideImageIds(input.slides),
      PPTX_IMAGE_FORMATS,
    );
    const bytes = await renderPresentation({ title, slides: input.slides, images, company: ctx.org.name });
    const n = input.slides.length;
    return [
      {
        filename: documentFileName(title, "pptx", "Presentation"),
        contentType: PPTX_TYPE,
        bytes,
        summary: `a presentation of ${n} slide${n === 1 ? "" : "s"}`,
      },
    ];
  });
