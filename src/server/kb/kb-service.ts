// Creating, updating and deleting knowledge bases (API-35..37). The embedding model is locked once
// files exist (KB-14); a delete takes the files' chunks with it in one transaction and queues their
// blobs (blob-deletions.ts), and agents lose the knowledge base from their accessibleKnowledgeBaseIds.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { db } from "../db/client";
import { agent, file, kbFile, knowledgeBase } from "../db/tables";
import { AppError } from "../errors";
import { invalidate } from "../cache/invalidation";
import { KB_TEXTS, type KnowledgeBase, type SaveKnowledgeBase } from "../../shared/knowledge-bases";
import { toolConfig, type ToolSetting } from "../../shared/agents/schema";
import { countFiles, getKnowledgeBase, getKnowledgeBaseRow } from "./kb-queries";
import { findChatModel, findEmbeddingOption } from "./models";
import { queueBlobDeletions, drainBlobDeletionsSoon } from "./blob-deletions";
import { deleteKbChunks } from "./chunk-index";
import { pageImageKeys } from "./read/page-images";

const notFound = () => new AppError("not_found", KB_TEXTS.notFound);

async function checkEmbeddingModel(orgId: string, key: string) {
  const embedding = await findEmbeddingOption(orgId, key);
  if (!embedding) throw new AppError("bad_request", `Unknown embedding model: ${key}`);
  return embedding;
}

async function checkExtractionModel(orgId: string, key: string | null) {
  if (key && !(await findChatModel(orgId, key))) throw new AppError("bad_request", `Unknown extraction model: ${key}`);
}

export async function createKnowledgeBase({
  orgId,
  userId,
  input,
}: {
  orgId: string;
  userId: string;
  input: SaveKnowledgeBase;
}): Promise<KnowledgeBase> {
  const embedding = await checkEmbeddingModel(orgId, input.embeddingModel);
  await checkExtractionModel(orgId, input.extractionModel);
  const id = randomUUID();
  await db().insert(knowledgeBase).values({
    id,
    organizationId: orgId,
    name: input.name,
    description: input.description,
    embeddingModel: embedding.key,
    embeddingDimensions: embedding.dimensions,
    extractionModel: input.extractionModel,
    extractionSchema: input.extractionSchema,
    createdBy: userId,
  });
  return (await getKnowledgeBase({ orgId, id }))!;
}

export async function updateKnowledgeBase({
  orgId,
  id,
  input,
}: {
  orgId: string;
  id: string;
  input: SaveKnowledgeBase;
}): Promise<KnowledgeBase> {
  const previous = await getKnowledgeBaseRow({ orgId, id });
  if (!previous) throw notFound();
  const changesEmbedding = previous.embeddingModel !== input.embeddingModel;
  if (changesEmbedding && (await countFiles({ orgId, kbId: id })) > 0)
    throw new AppError("conflict", KB_TEXTS.embeddingLocked);
  // An unchanged model stays as it is even when its provider was disconnected since: only changes are checked.
  const embedding = changesEmbedding
    ? await checkEmbeddingModel(orgId, input.embeddingModel)
    : { key: previous.embeddingModel, dimensions: previous.embeddingDimensions };
  if (input.extractionModel !== previous.extractionModel) await checkExtractionModel(orgId, input.extractionModel);
  await db().transaction(async (tx) => {
    // The lock is checked under the row's lock, so a file associated meanwhile cannot slip past it.
    await tx.execute(sql`select 1 from ${knowledgeBase} where ${knowledgeBase.organizationId} = ${orgId}
      and ${knowledgeBase.id} = ${id} for update`);
    if (changesEmbedding) {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(kbFile)
        .where(and(eq(kbFile.organizationId, orgId), eq(kbFile.knowledgeBaseId, id)));
      if ((row?.n ?? 0) > 0) throw new AppError("conflict", KB_TEXTS.embeddingLocked);
    }
    await tx
      .update(knowledgeBase)
      .set({
        name: input.name,
        description: input.description,
        embeddingModel: embedding.key,
        embeddingDimensions: embedding.dimensions,
        extractionModel: input.extractionModel,
        extractionSchema: input.extractionSchema,
        updatedAt: sql`now()`,
      })
      .where(and(eq(knowledgeBase.organizationId, orgId), eq(knowledgeBase.id, id)));
  });
  const saved = await getKnowledgeBase({ orgId, id });
  if (!saved) throw notFound();
  return saved;
}

/** The tools map without `kbId` in search_knowledge_base's accessibleKnowledgeBaseIds, or null when unchanged. */
function withoutKnowledgeBase(tools: Record<string, ToolSetting>, kbId: string) {
  const ids = toolConfig(tools, "search_knowledge_base").accessibleKnowledgeBaseIds;
  if (!Array.isArray(ids) || !ids.some((v) => String(v) === kbId)) return null;
  const setting = tools.search_knowledge_base as Exclude<ToolSetting, boolean>;
  return {
    ...tools,
    search_knowledge_base: {
      ...setting,
      config: { ...setting.config, accessibleKnowledgeBaseIds: ids.filter((v) => String(v) !== kbId) },
    },
  };
}

export async function deleteKnowledgeBase({ orgId, id }: { orgId: string; id: string }): Promise<void> {
  if (!(await getKnowledgeBaseRow({ orgId, id }))) throw notFound();
  const deleted = await db().transaction(async (tx) => {
    const files = await tx
      .select({
        id: kbFile.id,
        organizationId: kbFile.organizationId,
        fileName: kbFile.fileName,
        pageCount: kbFile.pageCount,
        fileKey: kbFile.fileKey,
        contentKey: kbFile.contentKey,
      })
      .from(kbFile)
      .where(and(eq(kbFile.organizationId, orgId), eq(kbFile.knowledgeBaseId, id)));
    await queueBlobDeletions(
      tx,
      orgId,
      files.flatMap((f) => [f.fileKey, f.contentKey, ...pageImageKeys(f)]),
    );
    await deleteKbChunks(tx, orgId, id);
    for (const f of files) await tx.delete(file).where(and(eq(file.organizationId, orgId), eq(file.id, f.id)));
    const rows = await tx
      .delete(knowledgeBase)
      .where(and(eq(knowledgeBase.organizationId, orgId), eq(knowledgeBase.id, id)))
      .returning({ id: knowledgeBase.id });
    const agents = await tx
      .select({ id: agent.id, tools: agent.tools })
      .from(agent)
      .where(eq(agent.organizationId, orgId));
    for (const a of agents) {
      const tools = withoutKnowledgeBase(a.tools, id);
      if (tools)
        await tx
          .update(agent)
          .set({ tools })
          .where(and(eq(agent.organizationId, orgId), eq(agent.id, a.id)));
    }
    return rows.length > 0;
  });
  invalidate("agents");
  drainBlobDeletionsSoon();
  if (!deleted) throw notFound();
}
