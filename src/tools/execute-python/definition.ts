import { z } from "zod";
import { defineTool } from "../define-tool";
import { EXECUTING } from "../status-parts";

export const executePython = defineTool({
  name: "execute_python",
  displayName: "Execute Python",
  description:
    "Run Python code in a sandbox for calculations, data processing or charts, and return its output and any files it writes.",
  category: "Development",
  recommended: true,
  progressVerb: EXECUTING,
  statusLine: ({ ok, displayName }) => (ok ? "Code executed" : `Error: ${displayName} failed`),
  input: z.object({
    code: z.string().min(1).describe("Complete Python program to run; print what you want to see in the output."),
  }),
});
