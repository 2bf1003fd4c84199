// save_whiteboard (TOOL-45): the deal team's whiteboard as a .pptx through the presentation renderer,
// in the house template: a cover naming the company and the deal team (unless the first slide is
// already a title slide) and the company's short name and the team's initials at the foot of each slide.
import { documentFileName, generateDocuments, PPTX_TYPE } from "../../server/documents/generate";
import { loadImages } from "../../server/documents/images";
import { renderPresentation, slideImageIds } from "../../server/documents/pptx/render";
import type { ToolExecutor } from "../executor.server";
import { PPTX_IMAGE_FORMATS } from "../generate-powerpoint/execute.server";
import type { Slide } from "../slides";
import type { saveWhiteboard } from "./definition";

export const execute: ToolExecutor<typeof saveWhiteboard> = (input, ctx) =>
  generateDocuments("save_whiteboard", ctx, async () => {
    const team = input.deal_team_initials.join(", ");
    const ordered = [...input.slides].sort((a, b) => a.slide_number - b.slide_number);
    const cover: Slide = {
      slide_number: 0,
      layout: "TITLE_SLIDE",
      title: input.proper_company_name,
      description: `Deal Whiteboard · Deal team: ${team}`,
      elements: [],
    };
    const slides = ordered[0]!.layout === "TITLE_SLIDE" ? ordered : [cover, ...ordered];
    const images = await loadImages(
      { orgId: ctx.orgId, userId: ctx.user.id },
      slideImageIds(slides),
      PPTX_IMAGE_FORMATS,
    );
    const bytes = await renderPresentation({
      title: `${input.proper_company_name} Deal Whiteboard`,
      slides,
      images,
      footer: `${input.short_name} · Deal team: ${team} · Confidential`,
      company: input.proper_company_name,
    });
    return [
      {
        filename: documentFileName(`${input.short_name} Whiteboard`, "pptx", "Whiteboard"),
        contentType: PPTX_TYPE,
        bytes,
        summary: `the ${input.short_name} deal whiteboard of ${slides.length} slides`,
      },
    ];
  });
