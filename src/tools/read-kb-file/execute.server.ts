// read_kb_file: a knowledge-base file read in order, `limit` chunks from `offset`, at most `max_chars`
// characters (TOOL-36, TOOL-37). Only files of the knowledge bases in the agent's
// accessibleKnowledgeBaseIds (search_knowledge_base's config, AGENT-08) in the caller's organisation.
import { findAccessibleFile, accessibleKbIds } from "../../server/kb/tool-access";
import { fitChunks, readChunks } from "../../server/kb/read/file-chunks";
import { toolError, type ToolExecutor } from "../executor.server";
import type { readKbFile } from "./definition";

export const NO_KNOWLEDGE_BASES = "This agent has no knowledge bases to read. Add one in the agent's settings.";
export const FILE_NOT_FOUND = (id: string) => `Knowledge-base file ${id} was not found or this agent cannot access it.`;
export const NOT_INDEXED = (name: string, status: string, reason: string | null) =>
  `${name} cannot be read yet: its status is ${status}${reason ? ` (${reason})` : ""}.`;
export const PAST_THE_END = (offset: number, total: number) =>
  `Offset ${offset} is past the end of the file, which has ${total} chunks (0 to ${total - 1}).`;

export const execute: ToolExecutor<typeof readKbFile> = async (input, ctx) => {
  const accessible = accessibleKbIds(ctx.toolConfig);
  if (accessible.length === 0) return toolError(NO_KNOWLEDGE_BASES);
  const found = await findAccessibleFile(ctx.orgId, accessible, input.file_id);
  if (!found) return toolError(FILE_NOT_FOUND(input.file_id));
  const { file, knowledgeBaseName } = found;
  if (file.processingStatus !== "indexed" && file.chunkCount === 0)
    return toolError(NOT_INDEXED(file.fileName, file.processingStatus, file.processingError));
  const totalChunks = file.chunkCount;
  if (input.offset >= totalChunks && totalChunks > 0) return toolError(PAST_THE_END(input.offset, totalChunks));
  const chunks = await readChunks(ctx.orgId, file.id, input.offset, input.limit);
  const { text, truncatedChunks } = fitChunks(chunks, input.max_chars);
  const next = input.offset + chunks.length;
  return {
    status: "success",
    file: { fileName: file.fileName, knowledgeBaseName, totalChunks },
    text,
    chunksReturned: chunks.length,
    nextOffset: chunks.length > 0 && next < totalChunks ? next : null,
    truncatedChunks,
  };
};
