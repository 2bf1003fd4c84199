import { z } from "zod";
import { defineTool } from "../define-tool";
import { generateFailed } from "../status-parts";
import { slides } from "../slides";

export const generatePowerpoint = defineTool({
  name: "generate_powerpoint",
  displayName: "Generate PowerPoint",
  description:
    "Create a PowerPoint presentation from slides of text, bullet lists, tables, charts and images, and return the file.",
  category: "File Management",
  statusLine: ({ ok, result }) => (ok ? "Presentation generated" : generateFailed("presentation", result)),
  input: z.object({
    slides,
  }),
});
