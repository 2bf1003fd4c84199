// generate_powerpoint for real: the .pptx is opened back by an independent reader (unzipped, its XML
// read), stored as the calling organisation's and user's file, and downloadable in that organisation only.
import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../../server/test/context";
import { createTenancyFixture, type TenancyFixture } from "../../server/test/tenancy-fixture";
import { uploadFile } from "../../server/files/test-support";
import { PNG_1X1 } from "../../server/files/test-documents";
import { getFileById } from "../../server/files/queries";
import { saveGeneratedFile } from "../../server/files/generated";
import { blobStore, setBlobStore } from "../../server/storage/store";
import type { BlobStore } from "../../server/storage/blob-store";
import { readPptx } from "../../server/documents/test-readers";
import { download, onlyFile, toolContext } from "../../server/documents/test-context";
import { toolsByName } from "../registry";
import { generatePowerpoint } from "./definition";
import { execute } from "./execute.server";

let ctx: TestContext;
let f: TenancyFixture;
let imageId: string;

beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  const { upload } = await uploadFile(ctx.app, f.a.member, f.a.id, {
    name: "logo.png",
    type: "image/png",
    bytes: PNG_1X1,
  });
  imageId = upload.fileId;
});

const run = (args: unknown, org = f.a, who = org.member) =>
  execute(generatePowerpoint.input.parse(args), toolContext(org, who));
const statusLine = (result: unknown) =>
  toolsByName.generate_powerpoint!.statusLine!({ ok: false, args: {}, result: result as never, displayName: "" });

const chart = (chart_type: string, series = [{ name: "Revenue", values: [10, 12.5, 15] }]) => ({
  type: "chart",
  chart_type,
  chart_title: `${chart_type} chart`,
  categories: ["2023", "2024", "2025"],
  series,
});

const deck = () => ({
  slides: [
    // Out of order on purpose: slide_number decides.
    {
      slide_number: 2,
      layout: "TITLE_AND_CONTENT",
      title: "Why now",
      description: "Three reasons",
      elements: [
        {
          type: "bullet_list",
          placeholder_type: "BODY",
          items: [0, 1, 2, 3, 4].map((level) => ({ text: `Level ${level} point`, level })),
        },
      ],
    },
    {
      slide_number: 1,
      layout: "TITLE_SLIDE",
      title: "Q3 Review & <Outlook>",
      description: "Board meeting",
      elements: [{ type: "text", placeholder_type: "SUBTITLE", text: "Prepared by Finance" }],
    },
    { slide_number: 3, layout: "SECTION_HEADER", title: "Financials", elements: [] },
    {
      slide_number: 4,
      layout: "CUSTOM_LAYOUT",
      title: "Numbers",
      elements: [
        {
          type: "table",
          placeholder_type: "TABLE",
          headers: ["Metric", "Value"],
          rows: [
            ["Revenue", 120],
            ["Margin", "35%"],
          ],
        },
        chart("COLUMN_CLUSTERED", [
          { name: "Revenue", values: [10, 12.5, 15] },
          { name: "EBITDA", values: [2, 3, 4] },
        ]),
      ],
    },
    { slide_number: 5, layout: "TITLE_AND_CONTENT", title: "Trend", elements: [chart("LINE"), chart("BAR_CLUSTERED")] },
    {
      slide_number: 6,
      layout: "TITLE_AND_CONTENT",
      title: "Mix and brand",
      elements: [
        { type: "chart", chart_type: "PIE", categories: ["A", "B"], series: [{ name: "Share", values: [60, 40] }] },
        { type: "image", placeholder_type: "PICTURE", fileId: imageId },
      ],
    },
  ],
});

describe("generate_powerpoint", () => {
  it("[TOOL-39] [TOOL-46] [TOOL-47] [TOOL-48] [TOOL-49] writes a .pptx that opens with its slides in order: layouts, titles, descriptions, bullet levels 0 to 4, table cells, the four chart types with their series, and the image", async () => {
    const result = await run(deck());
    const file = onlyFile(result);
    expect(file).toMatchObject({
      filename: "Q3_Review_Outlook.pptx",
      contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    });
    expect(result).toMatchObject({ status: "success", content: expect.stringContaining("a presentation of 6 slides") });

    const pptx = await readPptx((await blobStore().get(file.r2_path))!.bytes);
    expect(pptx.title).toBe("Q3 Review & <Outlook>");
    expect(pptx.slides.map((s) => [s.layout, s.title])).toEqual([
      ["TITLE_SLIDE", "Q3 Review & <Outlook>"],
      ["TITLE_AND_CONTENT", "Why now"],
      ["SECTION_HEADER", "Financials"],
      ["CUSTOM_LAYOUT", "Numbers"],
      ["TITLE_AND_CONTENT", "Trend"],
      ["TITLE_AND_CONTENT", "Mix and brand"],
    ]);
    const [cover, why, , numbers, trend, mix] = pptx.slides;
    expect(cover!.text).toContain("Board meeting");
    expect(cover!.text).toContain("Prepared by Finance");
    expect(why!.paragraphs.filter((p) => p.bullet).map((p) => [p.text, p.level])).toEqual([
      ["Level 0 point", 0],
      ["Level 1 point", 1],
      ["Level 2 point", 2],
      ["Level 3 point", 3],
      ["Level 4 point", 4],
    ]);
    expect(why!.text).toContain("Three reasons");
    expect(numbers!.tables).toEqual([
      [
        ["Metric", "Value"],
        ["Revenue", "120"],
        ["Margin", "35%"],
      ],
    ]);
    expect(numbers!.charts).toEqual([
      {
        kind: "barChart",
        barDir: "col",
        grouping: "clustered",
        title: "COLUMN_CLUSTERED chart",
        series: [
          { name: "Revenue", categories: ["2023", "2024", "2025"], values: [10, 12.5, 15] },
          { name: "EBITDA", categories: ["2023", "2024", "2025"], values: [2, 3, 4] },
        ],
      },
    ]);
    expect(trend!.charts.map((c) => [c.kind, c.barDir, c.title, c.series[0]!.values])).toEqual([
      ["lineChart", undefined, "LINE chart", [10, 12.5, 15]],
      ["barChart", "bar", "BAR_CLUSTERED chart", [10, 12.5, 15]],
    ]);
    expect(mix!.charts.map((c) => [c.kind, c.series])).toEqual([
      ["pieChart", [{ name: "Share", categories: ["A", "B"], values: [60, 40] }]],
    ]);
    expect(mix!.pictures).toBe(1);
  });

  it("[TOOLCARD-24] the file belongs to the calling organisation and user: its row names them, its members download it, another organisation gets 404", async () => {
    const file = onlyFile(await run({ slides: [{ slide_number: 1, layout: "TITLE_SLIDE", title: "Owned" }] }));
    expect(Object.keys(file).sort()).toEqual(["contentType", "fileId", "filename", "r2_path", "size"]);
    expect(file.r2_path).toBe(`org/${f.a.id}/generated/${file.fileId}/Owned.pptx`);
    expect(await getFileById({ orgId: f.a.id, id: file.fileId })).toMatchObject({
      userId: f.a.member.userId,
      key: file.r2_path,
      size: file.size,
    });
    expect(await getFileById({ orgId: f.b.id, id: file.fileId })).toBeNull();

    const got = await download(ctx.app, f.a.admin, f.a.id, file);
    expect(got.status).toBe(200);
    expect(got.bytes!.byteLength).toBe(file.size);
    expect(got.disposition).toContain('filename="Owned.pptx"');
    expect((await readPptx(got.bytes!)).slides.map((s) => s.title)).toEqual(["Owned"]);
    expect((await download(ctx.app, f.b.member, f.b.id, file)).status).toBe(404);
    expect((await download(ctx.app, f.b.member, f.a.id, file)).status).not.toBe(200);
  });

  it("[TOOL-48] [TOOLCARD-46] an image is used by file id only when the caller may read it in this organisation", async () => {
    const image = (fileId: string) => ({
      slides: [{ slide_number: 1, layout: "CUSTOM_LAYOUT", title: "Pic", elements: [{ type: "image", fileId }] }],
    });
    // Another organisation's upload, another member's upload and an unknown id all read as not found.
    const { upload: theirs } = await uploadFile(ctx.app, f.b.member, f.b.id, {
      name: "b.png",
      type: "image/png",
      bytes: PNG_1X1,
    });
    const { upload: admins } = await uploadFile(ctx.app, f.a.admin, f.a.id, {
      name: "a.png",
      type: "image/png",
      bytes: PNG_1X1,
    });
    for (const id of [theirs.fileId, admins.fileId, "6f1c1f5e-0000-4000-8000-000000000001", "not-a-uuid"]) {
      const result = await run(image(id));
      expect(result).toEqual({ status: "error", error: `Image file ${id} was not found` });
      expect(statusLine(result)).toBe(`Error: Failed to generate presentation: Image file ${id} was not found`);
    }
    // A file that is not an image, and an image the organisation generated (any member may use it).
    const { upload: notes } = await uploadFile(ctx.app, f.a.member, f.a.id, {
      name: "n.txt",
      type: "text/plain",
      bytes: "hi",
    });
    expect(await run(image(notes.fileId))).toEqual({
      status: "error",
      error: "File n.txt is not a PNG, JPEG or GIF image",
    });
    const chartImage = await saveGeneratedFile({
      orgId: f.a.id,
      userId: f.a.admin.userId,
      filename: "chart.png",
      contentType: "image/png",
      bytes: PNG_1X1,
    });
    const file = onlyFile(await run(image(chartImage.fileId)));
    expect((await readPptx((await blobStore().get(file.r2_path))!.bytes)).slides[0]!.pictures).toBe(1);
  });

  it("[TOOLCARD-46] a chart whose series do not fit its categories is refused with the reason; a storage failure reads Unknown error", async () => {
    const bad = await run({
      slides: [
        {
          slide_number: 1,
          layout: "TITLE_AND_CONTENT",
          title: "Bad",
          elements: [
            { type: "chart", chart_type: "LINE", categories: ["a", "b"], series: [{ name: "S", values: [1] }] },
          ],
        },
      ],
    });
    expect(statusLine(bad)).toBe(
      'Error: Failed to generate presentation: Chart series "S" has 1 values but there are 2 categories',
    );
    const store = blobStore();
    const failing = Object.assign(Object.create(store) as BlobStore, {
      put: () => Promise.reject(new Error("disk /var/secret full")),
    });
    setBlobStore(failing);
    try {
      const result = await run({ slides: [{ slide_number: 1, layout: "TITLE_SLIDE", title: "T" }] });
      expect(result).toEqual({ status: "error", error: "Unknown error" });
      expect(statusLine(result)).toBe("Error: Failed to generate presentation: Unknown error");
    } finally {
      setBlobStore(store);
    }
  });
});
