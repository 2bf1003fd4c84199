// Writes to the knowledge-base index: a file's chunks with their embedding, their BM25 postings and
// the file's length statistics, all in the caller's transaction so a file is indexed whole or not at
// all. Deleting a kb_file row removes the same rows through the foreign keys' cascades.
import { sql } from "drizzle-orm";
import { dropRollup, leaveRollup } from "./rollup";
import { rows, TS_CONFIG, type Queryable } from "./sql-parts";
import type { ChunkInput } from "./types";

/** Chunks per INSERT: a 3,072-dimension embedding is ~40 kB of SQL text. */
const BATCH = 100;

export async function insertChunks(
  tx: Queryable,
  orgId: string,
  kbId: string,
  fileId: string,
  chunks: readonly ChunkInput[],
): Promise<void> {
  if (chunks.length === 0) return;
  const dims = chunks[0]!.embedding.length;
  for (const c of chunks) {
    if (c.embedding.length !== dims || dims === 0)
      throw new Error("Every chunk of a file needs an embedding of one size");
    if (!c.embedding.every(Number.isFinite)) throw new Error("An embedding holds a value that is not a finite number");
  }
  let chunkCount = 0;
  let totalLen = 0;
  for (let i = 0; i < chunks.length; i += BATCH) {
    const batch = chunks.slice(i, i + BATCH);
    const values = sql.join(
      batch.map(
        (c) => sql`(${orgId}, ${kbId}::uuid, ${fileId}::uuid, ${c.chunkIndex}, ${c.pageNumber}, ${c.content},
          ${`[${c.embedding.join(",")}]`}::vector, ${dims},
          (select coalesce(sum(array_length(positions, 1)), 0) from unnest(to_tsvector(${TS_CONFIG}, ${c.content}))))`,
      ),
      sql`, `,
    );
    const inserted = rows<{ id: string | number; doc_len: number }>(
      await tx.execute(sql`
        insert into kb_chunk (organization_id, knowledge_base_id, file_id, chunk_index, page_number, content,
          embedding, dims, doc_len)
        values ${values}
        returning id, doc_len`),
    );
    // Postings come from the same analysis as the length, inside the database (PGlite and PostgreSQL alike);
    // the file's df per term (decision 115) from the same rows, in the same statement. Only this file's
    // rows are written: another file's ingestion in the same knowledge base never waits on them.
    await tx.execute(sql`
      with posted as (
        insert into kb_posting (organization_id, knowledge_base_id, chunk_id, term, tf, doc_len)
        select c.organization_id, c.knowledge_base_id, c.id, t.lexeme, array_length(t.positions, 1), c.doc_len
        from kb_chunk c, unnest(to_tsvector(${TS_CONFIG}, c.content)) t
        where c.organization_id = ${orgId}
          and c.id >= ${Math.min(...inserted.map((r) => Number(r.id)))}
          and c.id <= ${Math.max(...inserted.map((r) => Number(r.id)))}
          and c.file_id = ${fileId}::uuid
        returning term
      )
      insert into kb_file_term (organization_id, knowledge_base_id, file_id, term, df)
      select ${orgId}, ${kbId}::uuid, ${fileId}::uuid, term, count(*) from posted group by term
      on conflict (file_id, term) do update set df = kb_file_term.df + excluded.df`);
    chunkCount += inserted.length;
    totalLen += inserted.reduce((n, r) => n + Number(r.doc_len), 0);
  }
  await tx.execute(sql`
    insert into kb_file_index_stat (organization_id, knowledge_base_id, file_id, chunk_count, total_len)
    values (${orgId}, ${kbId}::uuid, ${fileId}::uuid, ${chunkCount}, ${totalLen})
    on conflict (file_id) do update set chunk_count = kb_file_index_stat.chunk_count + excluded.chunk_count,
      total_len = kb_file_index_stat.total_len + excluded.total_len`);
}

/**
 * Removes a file's chunks, postings and statistics (re-processing a file starts from nothing), after taking the
 * file out of its knowledge base's df rollup (decision 135).
 */
export async function deleteFileChunks(tx: Queryable, orgId: string, fileId: string): Promise<void> {
  await leaveRollup(tx, orgId, fileId);
  await tx.execute(sql`delete from kb_chunk where organization_id = ${orgId} and file_id = ${fileId}::uuid`);
  await tx.execute(sql`delete from kb_file_index_stat where organization_id = ${orgId} and file_id = ${fileId}::uuid`);
  await tx.execute(sql`delete from kb_file_term where organization_id = ${orgId} and file_id = ${fileId}::uuid`);
}

/**
 * Removes every chunk of a knowledge base (its postings go through the cascade) and its statistics, its df rollup
 * first (decision 135).
 */
export async function deleteKbChunks(tx: Queryable, orgId: string, kbId: string): Promise<void> {
  await dropRollup(tx, orgId, kbId);
  await tx.execute(sql`delete from kb_chunk where organization_id = ${orgId} and knowledge_base_id = ${kbId}::uuid`);
  await tx.execute(
    sql`delete from kb_file_index_stat where organization_id = ${orgId} and knowledge_base_id = ${kbId}::uuid`,
  );
  await tx.execute(
    sql`delete from kb_file_term where organization_id = ${orgId} and knowledge_base_id = ${kbId}::uuid`,
  );
}
