// save_whiteboard for real: the deal team's whiteboard as a .pptx through the presentation renderer,
// opened back by an independent reader.
import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../../server/test/context";
import { createTenancyFixture, type TenancyFixture } from "../../server/test/tenancy-fixture";
import { readPptx } from "../../server/documents/test-readers";
import { download, onlyFile, toolContext } from "../../server/documents/test-context";
import { toolsByName } from "../registry";
import { saveWhiteboard } from "./definition";
import { execute } from "./execute.server";

let ctx: TestContext;
let f: TenancyFixture;

beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
});

const whiteboard = (slides: unknown[]) => ({
  proper_company_name: "Acme Holdings, Inc.",
  short_name: "Acme",
  deal_team_initials: ["JS", "AK"],
  slides,
});
const run = (args: unknown) => execute(saveWhiteboard.input.parse(args), toolContext(f.a));

describe("save_whiteboard", () => {
  it("[TOOL-45] [TOOL-46] [TOOL-49] writes a cover naming the company and deal team, then the slides, with the short name and initials at each foot", async () => {
    const result = await run(
      whiteboard([
        {
          slide_number: 1,
          layout: "TITLE_AND_CONTENT",
          title: "Situation overview",
          elements: [
            {
              type: "bullet_list",
              items: [
                { text: "Founder-owned", level: 0 },
                { text: "Second generation", level: 1 },
              ],
            },
          ],
        },
        {
          slide_number: 2,
          layout: "CUSTOM_LAYOUT",
          title: "Key numbers",
          elements: [{ type: "table", headers: ["Metric", "FY24"], rows: [["EBITDA", "42m"]] }],
        },
      ]),
    );
    const file = onlyFile(result);
    expect(file.filename).toBe("Acme_Whiteboard.pptx");
    expect(result).toMatchObject({ content: expect.stringContaining("the Acme deal whiteboard of 3 slides") });

    const got = await download(ctx.app, f.a.member, f.a.id, file);
    const pptx = await readPptx(got.bytes!);
    expect(pptx.title).toBe("Acme Holdings, Inc. Deal Whiteboard");
    expect(pptx.slides.map((s) => [s.layout, s.title])).toEqual([
      ["TITLE_SLIDE", "Acme Holdings, Inc."],
      ["TITLE_AND_CONTENT", "Situation overview"],
      ["CUSTOM_LAYOUT", "Key numbers"],
    ]);
    expect(pptx.slides[0]!.text).toContain("Deal Whiteboard · Deal team: JS, AK");
    expect(pptx.slides[1]!.paragraphs.filter((p) => p.bullet).map((p) => [p.text, p.level])).toEqual([
      ["Founder-owned", 0],
      ["Second generation", 1],
    ]);
    expect(pptx.slides[2]!.tables[0]).toEqual([
      ["Metric", "FY24"],
      ["EBITDA", "42m"],
    ]);
    // The footer lives on the slide masters, so each slide shows it through its layout.
    for (const s of pptx.slides) expect(s.layoutText).toContain("Acme · Deal team: JS, AK · Confidential");
  });

  it("[TOOL-45] a deck that starts with its own title slide gets no second cover", async () => {
    const file = onlyFile(
      await run(whiteboard([{ slide_number: 1, layout: "TITLE_SLIDE", title: "Project Falcon", elements: [] }])),
    );
    const pptx = await readPptx((await download(ctx.app, f.a.member, f.a.id, file)).bytes!);
    expect(pptx.slides.map((s) => s.title)).toEqual(["Project Falcon"]);
  });

  it("[TOOLCARD-46] its failures read as a presentation that could not be generated", async () => {
    const result = await run(
      whiteboard([
        { slide_number: 1, layout: "TITLE_AND_CONTENT", title: "Pic", elements: [{ type: "image", fileId: "x" }] },
      ]),
    );
    expect(
      toolsByName.save_whiteboard!.statusLine!({ ok: false, args: {}, result: result as never, displayName: "" }),
    ).toBe("Error: Failed to generate presentation: Image file x was not found");
  });
});
