import { z } from "zod";
import { defineTool } from "../define-tool";
import { fileId } from "../schema-parts";

// Result: file, text, chunksReturned, nextOffset, truncatedChunks (TOOL-37); page through with nextOffset.
export const readKbFile = defineTool({
  name: "read_kb_file",
  displayName: "Read Knowledge Base File",
  description:
    "Read a knowledge-base file in order, a few chunks at a time, continuing from the offset the previous read returned.",
  category: "Data & Analytics",
  isPrivate: true,
  input: z.object({
    file_id: fileId.describe("Id of the knowledge-base file."),
    offset: z.number().int().min(0).default(0).describe("Index of the first chunk to read (default 0)."),
    limit: z.number().int().min(1).max(50).default(5).describe("How many chunks to read (1 to 50, default 5)."),
    max_chars: z
      .number()
      .int()
      .min(1)
      .max(200_000)
      .default(50_000)
      .describe("Most characters of text to return; longer chunks are shortened (default 50000)."),
  }),
});
