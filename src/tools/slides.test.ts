// Slides for generate_powerpoint and save_whiteboard: shapes (chat §3) and bounds (chat §5).
import { describe, expect, it } from "vitest";
import { toolsByName } from "./registry";

const powerpoint = toolsByName.generate_powerpoint.input;
const whiteboard = toolsByName.save_whiteboard.input;

const bullets = (level: number) => ({ type: "bullet_list", items: [{ text: "Margin up", level }] });
const deck = (...elements: unknown[]) => ({
  slides: [{ slide_number: 1, layout: "TITLE_AND_CONTENT", title: "Results", elements }],
});

describe("slides", () => {
  it("[TOOL-39] [TOOL-46] [TOOL-47] [TOOL-48] a presentation takes slides of text, bullets, tables, charts and images", () => {
    const input = {
      slides: [
        {
          slide_number: 1,
          layout: "TITLE_SLIDE",
          title: "Q3 Review",
          description: "Board meeting",
          elements: [{ type: "text", placeholder_type: "SUBTITLE", text: "October 2025" }],
        },
        { slide_number: 2, layout: "SECTION_HEADER", title: "Numbers", elements: [] },
        {
          slide_number: 3,
          layout: "TITLE_AND_CONTENT",
          title: "Highlights",
          elements: [
            {
              type: "bullet_list",
              placeholder_type: "BODY",
              items: [
                { text: "Revenue +12%", level: 0 },
                { text: "EMEA led", level: 1 },
              ],
            },
            {
              type: "table",
              placeholder_type: "TABLE",
              headers: ["Region", "Revenue"],
              rows: [
                ["EMEA", 120],
                ["APAC", 80],
              ],
            },
          ],
        },
        {
          slide_number: 4,
          layout: "CUSTOM_LAYOUT",
          title: "Trend",
          elements: [
            {
              type: "chart",
              placeholder_type: "CHART",
              chart_type: "LINE",
              chart_title: "Revenue",
              categories: ["Q1", "Q2"],
              series: [{ name: "2025", values: [1, 2] }],
            },
            { type: "image", placeholder_type: "PICTURE", fileId: "6f1c1f5e-0000-4000-8000-000000000001" },
          ],
        },
      ],
    };
    expect(powerpoint.parse(input)).toEqual(input);
    for (const chart_type of ["COLUMN_CLUSTERED", "LINE", "PIE", "BAR_CLUSTERED"]) {
      expect(
        powerpoint.safeParse(
          deck({ type: "chart", chart_type, categories: ["a"], series: [{ name: "s", values: [1] }] }),
        ).success,
        chart_type,
      ).toBe(true);
    }
  });

  it("[TOOL-46] [TOOL-47] rejects unknown layouts, element types, placeholders and chart types, and elements missing their content", () => {
    expect(powerpoint.safeParse({ slides: [{ slide_number: 1, layout: "TWO_COLUMN", title: "x" }] }).success).toBe(
      false,
    );
    expect(powerpoint.safeParse(deck({ type: "video", fileId: "f" })).success).toBe(false);
    expect(powerpoint.safeParse(deck({ type: "text", placeholder_type: "FOOTER", text: "x" })).success).toBe(false);
    expect(
      powerpoint.safeParse(
        deck({ type: "chart", chart_type: "SCATTER", categories: ["a"], series: [{ name: "s", values: [1] }] }),
      ).success,
    ).toBe(false);
    expect(powerpoint.safeParse(deck({ type: "image" })).success).toBe(false);
    expect(powerpoint.safeParse(deck({ type: "bullet_list", items: [] })).success).toBe(false);
  });

  it("[TOOL-49] accepts bullet levels 0 to 4 and rejects -1 and 5", () => {
    expect(powerpoint.safeParse(deck(bullets(0))).success).toBe(true);
    expect(powerpoint.safeParse(deck(bullets(4))).success).toBe(true);
    for (const level of [-1, 5]) {
      const res = powerpoint.safeParse(deck(bullets(level)));
      expect(res.success, String(level)).toBe(false);
      expect(res.error!.issues[0].message).toBe("Bullet level must be between 0 and 4");
    }
    expect(
      powerpoint.parse(deck({ type: "bullet_list", items: [{ text: "Margin up" }] })).slides[0].elements[0],
    ).toEqual(bullets(0));
  });

  it("[TOOL-50] needs at least one slide, in presentations and whiteboards", () => {
    expect(powerpoint.safeParse({ slides: [] }).error!.issues[0].message).toBe("At least one slide is required");
    const board = { proper_company_name: "Acme Holdings, Inc.", short_name: "Acme", deal_team_initials: ["JS", "AK"] };
    expect(whiteboard.safeParse({ ...board, slides: [] }).success).toBe(false);
    expect(whiteboard.safeParse({ ...board, ...deck(bullets(2)) }).success).toBe(true);
  });

  it("[TOOL-45] save_whiteboard takes the company's proper and short names, the deal team's initials and slides", () => {
    const args = {
      proper_company_name: "Acme Holdings, Inc.",
      short_name: "Acme",
      deal_team_initials: ["JS"],
      ...deck(),
    };
    expect(whiteboard.parse(args)).toEqual(args);
    expect(whiteboard.safeParse({ ...args, short_name: "" }).success).toBe(false);
    expect(whiteboard.safeParse({ ...args, deal_team_initials: [] }).success).toBe(false);
  });
});
