// The knowledge_base table and what a knowledge base shows (file count, status, agents using it).
// Every function takes the organisation and filters by it.
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { db } from "../db/client";
import { agent, kbFile, knowledgeBase } from "../db/tables";
import type { KnowledgeBase, KnowledgeBaseAgentRef, KnowledgeBaseStatus } from "../../shared/knowledge-bases";
import { toolConfig } from "../../shared/agents/schema";
import { isUuid } from "../db/row-id";

export type KnowledgeBaseRow = typeof knowledgeBase.$inferSelect;

export async function getKnowledgeBaseRow({ orgId, id }: { orgId: string; id: string }) {
  if (!isUuid(id)) return null;
  const [row] = await db()
    .select()
    .from(knowledgeBase)
    .where(and(eq(knowledgeBase.organizationId, orgId), eq(knowledgeBase.id, id)))
    .limit(1);
  return row ?? null;
}

/** Which of `ids` name knowledge bases of the organisation. */
export async function existingKnowledgeBaseIds({ orgId, ids }: { orgId: string; ids: string[] }) {
  const valid = ids.filter(isUuid);
  if (!valid.length) return new Set<string>();
  const rows = await db()
    .select({ id: knowledgeBase.id })
    .from(knowledgeBase)
    .where(and(eq(knowledgeBase.organizationId, orgId), inArray(knowledgeBase.id, valid)));
  return new Set(rows.map((r) => r.id));
}

/** ready, processing while any file waits or is worked on, error when any failed (hub §4). */
function statusOf(counts: { busy: number; failed: number }): KnowledgeBaseStatus {
  if (counts.busy > 0) return "processing";
  if (counts.failed > 0) return "error";
  return "ready";
}

async function fileCounts(orgId: string, kbIds: string[]) {
  if (!kbIds.length) return new Map<string, { total: number; busy: number; failed: number }>();
  const rows = await db()
    .select({
      kbId: kbFile.knowledgeBaseId,
      total: sql<number>`count(*)::int`,
      busy: sql<number>`(count(*) filter (where ${kbFile.processingStatus} in ('pending', 'processing', 'completed')))::int`,
      failed: sql<number>`(count(*) filter (where ${kbFile.processingStatus} = 'failed'))::int`,
    })
    .from(kbFile)
    .where(and(eq(kbFile.organizationId, orgId), inArray(kbFile.knowledgeBaseId, kbIds)))
    .groupBy(kbFile.knowledgeBaseId);
  return new Map(rows.map((r) => [r.kbId, r]));
}

/** The organisation's live agents whose search_knowledge_base config lists each knowledge base. */
async function agentsByKb(orgId: string): Promise<Map<string, KnowledgeBaseAgentRef[]>> {
  const rows = await db()
    .select({ id: agent.id, name: agent.name, tools: agent.tools })
    .from(agent)
    .where(and(eq(agent.organizationId, orgId), isNull(agent.deletedAt)))
    .orderBy(asc(agent.name), asc(agent.id));
  const map = new Map<string, KnowledgeBaseAgentRef[]>();
  for (const row of rows) {
    const ids = toolConfig(row.tools, "search_knowledge_base").accessibleKnowledgeBaseIds;
    if (!Array.isArray(ids)) continue;
    for (const id of new Set(ids.map(String))) {
      const list = map.get(id) ?? [];
      list.push({ id: row.id, name: row.name });
      map.set(id, list);
    }
  }
  return map;
}

async function toKnowledgeBases(orgId: string, rows: KnowledgeBaseRow[]): Promise<KnowledgeBase[]> {
  const [counts, agents] = await Promise.all([
    fileCounts(
      orgId,
      rows.map((r) => r.id),
    ),
    agentsByKb(orgId),
  ]);
  return rows.map((row) => {
    const c = counts.get(row.id) ?? { total: 0, busy: 0, failed: 0 };
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      embeddingModel: row.embeddingModel,
      embeddingDimensions: row.embeddingDimensions,
      extractionModel: row.extractionModel,
      extractionSchema: row.extractionSchema ?? null,
      status: statusOf(c),
      fileCount: c.total,
      agents: agents.get(row.id) ?? [],
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function listKnowledgeBases({ orgId }: { orgId: string }): Promise<KnowledgeBase[]> {
  const rows = await db()
    .select()
    .from(knowledgeBase)
    .where(eq(knowledgeBase.organizationId, orgId))
    .orderBy(asc(knowledgeBase.name), asc(knowledgeBase.createdAt));
  return toKnowledgeBases(orgId, rows);
}

export async function getKnowledgeBase({ orgId, id }: { orgId: string; id: string }): Promise<KnowledgeBase | null> {
  const row = await getKnowledgeBaseRow({ orgId, id });
  return row ? (await toKnowledgeBases(orgId, [row]))[0]! : null;
}

export async function countFiles({ orgId, kbId }: { orgId: string; kbId: string }): Promise<number> {
  const [row] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(kbFile)
    .where(and(eq(kbFile.organizationId, orgId), eq(kbFile.knowledgeBaseId, kbId)));
  return row?.n ?? 0;
}
