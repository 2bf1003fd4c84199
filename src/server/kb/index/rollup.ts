// The knowledge bases' df rollups (decision 135): a term's df, the chunk count and the total length summed over a
// knowledge base's indexed files, so BM25 reads one index entry a query term and one row a knowledge base instead
// of one a file (kb_file_term, kb_file_index_stat; decision 115). Ingestion never writes a rollup: a file is taken
// in after it is indexed, by a job of its own, and taken out before its statistics go (delete, re-index), under
// one advisory lock a knowledge base. The per-file rows stay the truth: a rolled-up file's row removed by a
// cascade no code saw marks the rollup stale (a trigger, migration 0035), searches stop trusting it (bm25.ts) and
// the next job rebuilds it.
import { sql } from "drizzle-orm";
import { db } from "../../db/client";
import { log } from "../../logger";
import { rows, type Queryable } from "./sql-parts";

/** Files taken into a rollup a transaction: each transaction stays short (PGlite has one connection). */
export const ROLLUP_FILES_PER_TX = 20;

/** Serialises a knowledge base's rollup writers (the job, a file leaving it); released at commit. */
const lockRollup = (tx: Queryable, kbId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`kb-rollup:${kbId}`}, 0))`);

/**
 * Takes a file out of its knowledge base's rollup, in the caller's transaction, before the file's statistics are
 * deleted (a delete or a re-index): the rollup stays exact without a rebuild.
 */
export async function leaveRollup(tx: Queryable, orgId: string, fileId: string): Promise<void> {
  const [stat] = rows<{ kb: string; rolled_up: boolean }>(
    await tx.execute(sql`select knowledge_base_id as kb, rolled_up from kb_file_index_stat
      where organization_id = ${orgId} and file_id = ${fileId}::uuid`),
  );
  // A file never rolled up has nothing to take out; one read as not rolled up can be taken in before it is
  // deleted, so the check is repeated under the lock.
  if (!stat) return;
  await lockRollup(tx, stat.kb);
  await tx.execute(sql`
    with f as (
      update kb_file_index_stat set rolled_up = false
      where organization_id = ${orgId} and file_id = ${fileId}::uuid and rolled_up
      returning knowledge_base_id, chunk_count, total_len
    ),
    r as (
      update kb_index_rollup r set files = r.files - 1, chunk_count = r.chunk_count - f.chunk_count,
        total_len = r.total_len - f.total_len
      from f where r.knowledge_base_id = f.knowledge_base_id and r.organization_id = ${orgId}
    )
    update kb_term_rollup t set df = t.df - ft.df
    from f, kb_file_term ft
    where ft.file_id = ${fileId}::uuid and t.knowledge_base_id = f.knowledge_base_id and t.term = ft.term`);
}

/**
 * Deletes a knowledge base's rollup, in the caller's transaction, before its files' rows (deleteKbChunks): under
 * the lock no job is half way, and the rolled-up rows' deletes find no rollup to mark stale.
 */
export async function dropRollup(tx: Queryable, orgId: string, kbId: string): Promise<void> {
  await lockRollup(tx, kbId);
  await tx.execute(
    sql`delete from kb_term_rollup where organization_id = ${orgId} and knowledge_base_id = ${kbId}::uuid`,
  );
  await tx.execute(
    sql`delete from kb_index_rollup where organization_id = ${orgId} and knowledge_base_id = ${kbId}::uuid`,
  );
}

/**
 * Brings a knowledge base's rollup up to date: rebuilds it if it no longer matches its files, then takes in its
 * indexed files that are not in it, ROLLUP_FILES_PER_TX a transaction. Returns the files taken in.
 */
export async function rollUp(orgId: string, kbId: string): Promise<number> {
  let taken = 0;
  for (;;) {
    const n = await db().transaction(async (tx) => {
      await lockRollup(tx, kbId);
      // Stale (the trigger), missing, or not adding up to its files' rows (belt and braces): rebuilt.
      const [state] = rows<{ exists: boolean; ok: boolean | null }>(
        await tx.execute(sql`
          select exists (select 1 from knowledge_base where organization_id = ${orgId} and id = ${kbId}::uuid) as exists,
            not r.stale and r.files = a.rf and r.chunk_count = a.rn and r.total_len = a.rl as ok
          from (select count(*) filter (where rolled_up)::int as rf,
                  coalesce(sum(chunk_count) filter (where rolled_up), 0) as rn,
                  coalesce(sum(total_len) filter (where rolled_up), 0) as rl
                from kb_file_index_stat where organization_id = ${orgId} and knowledge_base_id = ${kbId}::uuid) a
          left join kb_index_rollup r on r.organization_id = ${orgId} and r.knowledge_base_id = ${kbId}::uuid`),
      );
      if (!state?.exists) return 0;
      if (!state.ok) await reset(tx, orgId, kbId);
      return takeIn(tx, orgId, kbId);
    });
    taken += n;
    if (n < ROLLUP_FILES_PER_TX) return taken;
  }
}

/** Empties a knowledge base's rollup: no file in it, no df. */
async function reset(tx: Queryable, orgId: string, kbId: string) {
  await tx.execute(
    sql`delete from kb_term_rollup where organization_id = ${orgId} and knowledge_base_id = ${kbId}::uuid`,
  );
  // Waits for a row another transaction holds (a cascade's delete, whose trigger wants kb_index_rollup, which this
  // transaction has not touched yet): skipping it could leave a rolled-up row that the new counts leave out.
  await tx.execute(sql`update kb_file_index_stat set rolled_up = false
    where organization_id = ${orgId} and knowledge_base_id = ${kbId}::uuid and rolled_up`);
  await tx.execute(sql`
    insert into kb_index_rollup (knowledge_base_id, organization_id, files, chunk_count, total_len)
    values (${kbId}::uuid, ${orgId}, 0, 0, 0)
    on conflict (knowledge_base_id) do update set files = 0, chunk_count = 0, total_len = 0, stale = false`);
}

/**
 * Takes up to ROLLUP_FILES_PER_TX indexed files into the rollup. Only indexed files: their statistics are
 * final (a file's batches are committed before it is marked indexed). Rows another transaction holds (a file
 * being deleted or re-indexed) are skipped, never waited for.
 */
async function takeIn(tx: Queryable, orgId: string, kbId: string): Promise<number> {
  const [r] = rows<{ n: number }>(
    await tx.execute(sql`
      with f as (
        select s.file_id from kb_file_index_stat s
        join kb_file k on k.organization_id = s.organization_id and k.id = s.file_id
        where s.organization_id = ${orgId} and s.knowledge_base_id = ${kbId}::uuid and not s.rolled_up
          and k.processing_status = 'indexed'
        order by s.file_id
        limit ${ROLLUP_FILES_PER_TX}
        for update of s skip locked
      ),
      m as (
        update kb_file_index_stat s set rolled_up = true from f where s.file_id = f.file_id
        returning s.file_id, s.chunk_count, s.total_len
      ),
      totals as (
        insert into kb_index_rollup (knowledge_base_id, organization_id, files, chunk_count, total_len)
        select ${kbId}::uuid, ${orgId}, count(*), coalesce(sum(chunk_count), 0), coalesce(sum(total_len), 0) from m
        on conflict (knowledge_base_id) do update set files = kb_index_rollup.files + excluded.files,
          chunk_count = kb_index_rollup.chunk_count + excluded.chunk_count,
          total_len = kb_index_rollup.total_len + excluded.total_len
      ),
      terms as (
        insert into kb_term_rollup (organization_id, knowledge_base_id, term, df)
        select ${orgId}, ${kbId}::uuid, t.term, sum(t.df) from kb_file_term t
        where t.file_id in (select file_id from m)
        group by t.term
        on conflict (knowledge_base_id, term) do update set df = kb_term_rollup.df + excluded.df
      )
      select count(*)::int as n from m`),
  );
  return r?.n ?? 0;
}

const running = new Map<string, { again: boolean; done: Promise<void> }>();

/**
 * Runs rollUp for a knowledge base (after one of its files is indexed, and at the worker's start). Requests
 * for a knowledge base whose job is running coalesce into one more run after it. Resolves when the work asked
 * for is done; a failure is logged (searches stay exact on the per-file rows meanwhile).
 */
export function requestRollup(orgId: string, kbId: string): Promise<void> {
  const current = running.get(kbId);
  if (current) {
    current.again = true;
    return current.done;
  }
  const entry = { again: false, done: Promise.resolve() };
  entry.done = (async () => {
    try {
      do {
        entry.again = false;
        await rollUp(orgId, kbId);
      } while (entry.again);
    } catch (err) {
      log.warn("knowledge-base df rollup failed; searches use the per-file statistics", {
        kbId,
        error: String((err as Error)?.message ?? err),
      });
    } finally {
      running.delete(kbId);
    }
  })();
  running.set(kbId, entry);
  return entry.done;
}

/** Knowledge bases with indexed files outside their rollup (an upgrade, a process that died before its job). */
export async function rollUpPending(orgId?: string): Promise<void> {
  const kbs = rows<{ org: string; kb: string }>(
    await db().execute(sql`
      select distinct s.organization_id as org, s.knowledge_base_id as kb
      from kb_file_index_stat s join kb_file k on k.organization_id = s.organization_id and k.id = s.file_id
      where not s.rolled_up and k.processing_status = 'indexed' ${orgId ? sql`and s.organization_id = ${orgId}` : sql``}`),
  );
  for (const { org, kb } of kbs) await requestRollup(org, kb);
}
