// Document tools in a real Chromium: an agent generates a presentation, its card offers the file, and
// Download saves a .pptx that opens with the slides asked for.
import { readFile } from "node:fs/promises";
import { chatReady, messageBox } from "./chat-support";
import { expect, test } from "./support/fixtures";
import { readPptx } from "../src/server/documents/test-readers";

const slides = [
  {
    slide_number: 1,
    layout: "TITLE_SLIDE",
    title: "Quarterly Review",
    description: "Board meeting",
    elements: [],
  },
  {
    slide_number: 2,
    layout: "TITLE_AND_CONTENT",
    title: "Highlights",
    elements: [
      {
        type: "bullet_list",
        items: [
          { text: "Revenue up 12%", level: 0 },
          { text: "Driven by Europe", level: 1 },
        ],
      },
      {
        type: "chart",
        chart_type: "COLUMN_CLUSTERED",
        chart_title: "Revenue",
        categories: ["Q1", "Q2"],
        series: [{ name: "2025", values: [10, 12] }],
      },
    ],
  },
];

test("[TOOL-39] [TOOLCARD-24] an agent generates a presentation; its card shows the file and Download saves a valid .pptx", async ({
  page,
}) => {
  await chatReady(page, { name: "Deck Builder", tools: { generate_powerpoint: true } });
  await page.goto("/chat");
  await messageBox(page).fill(`[tool:generate_powerpoint ${JSON.stringify({ slides })}]`);
  await messageBox(page).press("Enter");

  const card = page.locator('[data-tool="generate_powerpoint"]');
  const pill = card.getByRole("button", { name: "Presentation generated" });
  await expect(pill).toBeVisible();
  await pill.click();
  const files = card.getByRole("list", { name: "Generated files" });
  await expect(files).toContainText("Quarterly_Review.pptx");
  await expect(files).toContainText(/\d+\.\d KB/);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    files.getByRole("button", { name: "Download" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Quarterly_Review.pptx");
  const pptx = await readPptx(new Uint8Array(await readFile((await download.path())!)));
  expect(pptx.slides.map((s) => [s.layout, s.title])).toEqual([
    ["TITLE_SLIDE", "Quarterly Review"],
    ["TITLE_AND_CONTENT", "Highlights"],
  ]);
  expect(pptx.slides[1]!.paragraphs.filter((p) => p.bullet).map((p) => [p.text, p.level])).toEqual([
    ["Revenue up 12%", 0],
    ["Driven by Europe", 1],
  ]);
  expect(pptx.slides[1]!.charts[0]).toMatchObject({ kind: "barChart", barDir: "col", title: "Revenue" });
});

test("[TOOLCARD-46] a presentation that cannot be generated says why on its card", async ({ page }) => {
  await chatReady(page, { name: "Deck Builder", tools: { generate_powerpoint: true } });
  await page.goto("/chat");
  const bad = [
    { slide_number: 1, layout: "CUSTOM_LAYOUT", title: "Logo", elements: [{ type: "image", fileId: "nope" }] },
  ];
  await messageBox(page).fill(`[tool:generate_powerpoint ${JSON.stringify({ slides: bad })}]`);
  await messageBox(page).press("Enter");
  const card = page.locator('[data-tool="generate_powerpoint"]');
  await expect(
    card.getByRole("button", { name: "Error: Failed to generate presentation: Image file nope was not found" }),
  ).toBeVisible();
});
