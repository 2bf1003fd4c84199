// What the knowledge-base tools may reach: the knowledge bases of the agent's search_knowledge_base
// config (accessibleKnowledgeBaseIds), in the caller's organisation. read_kb_file and get_kb_file_pages
// are handed that same config (agent-tools.ts); a file outside it is reported exactly like a missing one.
import { and, eq, inArray } from "drizzle-orm";
import { db } from "../db/client";
import { kbFile, knowledgeBase } from "../db/tables";
import type { KbFileRow } from "./file-queries";
import { isUuid } from "../db/row-id";

/** The ids in a tool config's accessibleKnowledgeBaseIds (numbers and strings alike, trimmed). */
export const accessibleKbIds = (config: Record<string, unknown> | undefined): string[] => {
  const v = config?.accessibleKnowledgeBaseIds;
  return Array.isArray(v) ? v.map((x) => String(x).trim()).filter(Boolean) : [];
};

export interface AccessibleFile {
  file: KbFileRow;
  knowledgeBaseName: string;
}

/**
 * The organisation's file `fileId` when it sits in one of `accessible` (and in `kbId`, when given);
 * null for another organisation's file, a file of a knowledge base the agent cannot access, or none.
 */
export async function findAccessibleFile(
  orgId: string,
  accessible: readonly string[],
  fileId: string,
  kbId?: string,
): Promise<AccessibleFile | null> {
  const kbIds = accessible.filter(isUuid).filter((id) => kbId === undefined || id === kbId);
  if (!isUuid(fileId) || kbIds.length === 0) return null;
  const [row] = await db()
    .select({ file: kbFile, knowledgeBaseName: knowledgeBase.name })
    .from(kbFile)
    .innerJoin(
      knowledgeBase,
      and(eq(knowledgeBase.organizationId, kbFile.organizationId), eq(knowledgeBase.id, kbFile.knowledgeBaseId)),
    )
    .where(and(eq(kbFile.organizationId, orgId), eq(kbFile.id, fileId), inArray(kbFile.knowledgeBaseId, kbIds)))
    .limit(1);
  return row ?? null;
}
