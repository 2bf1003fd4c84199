// Slide and element shapes shared by generate_powerpoint and save_whiteboard (chat §3 "Slide", "Element";
// §5: bullet level 0 to 4, at least one slide).
import { z } from "zod";
import { fileId } from "./schema-parts";

export const SLIDE_LAYOUTS = ["TITLE_SLIDE", "TITLE_AND_CONTENT", "SECTION_HEADER", "CUSTOM_LAYOUT"] as const;
export const ELEMENT_TYPES = ["text", "bullet_list", "table", "chart", "image"] as const;
export const PLACEHOLDER_TYPES = ["BODY", "SUBTITLE", "PICTURE", "CHART", "TABLE"] as const;
export const CHART_TYPES = ["COLUMN_CLUSTERED", "LINE", "PIE", "BAR_CLUSTERED"] as const;
export const MAX_BULLET_LEVEL = 4;

const placeholderType = z
  .enum(PLACEHOLDER_TYPES)
  .optional()
  .describe("Layout placeholder to fill; omit to let the layout place the element.");

export const bulletItem = z.object({
  text: z.string().trim().min(1).describe("Bullet text."),
  level: z
    .number()
    .int()
    .min(0, "Bullet level must be between 0 and 4")
    .max(MAX_BULLET_LEVEL, "Bullet level must be between 0 and 4")
    .default(0)
    .describe("Indent level, 0 (top) to 4."),
});

const cell = z.union([z.string(), z.number()]);

export const slideElement = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("text"),
    placeholder_type: placeholderType,
    text: z.string().min(1).describe("Paragraph text."),
  }),
  z.object({
    type: z.literal("bullet_list"),
    placeholder_type: placeholderType,
    items: z.array(bulletItem).min(1).describe("Bullets in order."),
  }),
  z.object({
    type: z.literal("table"),
    placeholder_type: placeholderType,
    headers: z.array(z.string()).min(1).describe("Column headings."),
    rows: z.array(z.array(cell)).describe("Table rows, each with one cell per heading."),
  }),
  z.object({
    type: z.literal("chart"),
    placeholder_type: placeholderType,
    chart_type: z.enum(CHART_TYPES).describe("Kind of chart."),
    chart_title: z.string().optional().describe("Title shown above the chart."),
    categories: z.array(z.string()).min(1).describe("Category labels along the axis (or pie slices)."),
    series: z
      .array(
        z.object({
          name: z.string().min(1).describe("Series name shown in the legend."),
          values: z.array(z.number()).describe("One value per category."),
        }),
      )
      .min(1)
      .describe("Data series."),
  }),
  z.object({
    type: z.literal("image"),
    placeholder_type: placeholderType,
    fileId: fileId.describe("Id of an uploaded or generated image file to place on the slide."),
  }),
]);
export type SlideElement = z.infer<typeof slideElement>;

export const slide = z.object({
  slide_number: z.number().int().positive().describe("Position of the slide, starting at 1."),
  layout: z.enum(SLIDE_LAYOUTS).describe("Slide layout."),
  title: z.string().describe("Slide title."),
  description: z.string().optional().describe("Subtitle or short description shown under the title."),
  elements: z.array(slideElement).default([]).describe("Content placed on the slide, in order."),
});
export type Slide = z.infer<typeof slide>;

export const slides = z.array(slide).min(1, "At least one slide is required").describe("The slides, in order.");
