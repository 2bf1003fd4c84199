// get_kb_file_pages: the text of chosen pages of a knowledge-base file (TOOL-34, TOOL-35), from the
// text ingestion extracted page by page. Only files of the knowledge bases in the agent's
// accessibleKnowledgeBaseIds (search_knowledge_base's config) in the caller's organisation.
// PDF pages come with their images (decision 096), rendered on first request and kept in the blob store.
import { accessibleKbIds, findAccessibleFile } from "../../server/kb/tool-access";
import { MAX_PAGES_TEXT_CHARS, readPages } from "../../server/kb/read/file-pages";
import { fitSections } from "../../server/kb/read/fit-text";
import { pageImages } from "../../server/kb/read/page-images";
import { toolError, type ToolExecutor } from "../executor.server";
import type { getKbFilePages } from "./definition";

export const NO_KNOWLEDGE_BASES = "This agent has no knowledge bases to read. Add one in the agent's settings.";
export const FILE_NOT_FOUND = (fileId: string, kbId: string) =>
  `Knowledge-base file ${fileId} was not found in knowledge base ${kbId} or this agent cannot access it.`;
export const NO_TEXT = (name: string, status: string, reason: string | null) =>
  `The pages of ${name} cannot be read yet: its status is ${status}${reason ? ` (${reason})` : ""}.`;
export const TEXT_MISSING = (name: string) =>
  `The extracted text of ${name} is missing; Retry Processing on the file rebuilds it.`;
export const NO_SUCH_PAGES = (name: string, pageCount: number) =>
  `${name} has ${pageCount} ${pageCount === 1 ? "page" : "pages"}; none of the pages asked for exist.`;

const READABLE = new Set(["completed", "indexed"]);

export const execute: ToolExecutor<typeof getKbFilePages> = async (input, ctx) => {
  const accessible = accessibleKbIds(ctx.toolConfig);
  if (accessible.length === 0) return toolError(NO_KNOWLEDGE_BASES);
  const kbId = String(input.knowledge_base_id).trim();
  const found = await findAccessibleFile(ctx.orgId, accessible, input.file_id, kbId);
  if (!found) return toolError(FILE_NOT_FOUND(input.file_id, kbId));
  const { file, knowledgeBaseName } = found;
  if (!READABLE.has(file.processingStatus) || !file.pageCount)
    return toolError(NO_TEXT(file.fileName, file.processingStatus, file.processingError));
  const asked = [...new Set(input.pages)].sort((a, b) => a - b);
  const inFile = asked.filter((p) => p <= file.pageCount!);
  if (inFile.length === 0) return toolError(NO_SUCH_PAGES(file.fileName, file.pageCount));
  const texts = await readPages(file.contentKey, inFile);
  if (!texts) return toolError(TEXT_MISSING(file.fileName));
  const pages = inFile.filter((p) => texts.has(p));
  if (pages.length === 0) return toolError(NO_SUCH_PAGES(file.fileName, file.pageCount));
  const { text } = fitSections(
    pages.map((p) => ({ heading: `[Page ${p}]`, content: texts.get(p)! })),
    MAX_PAGES_TEXT_CHARS,
  );
  const images = await pageImages(file, pages, ctx.abortSignal);
  return {
    status: "success",
    file: { fileName: file.fileName, knowledgeBaseName },
    pages,
    text,
    images,
  };
};
