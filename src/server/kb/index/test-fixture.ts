// Test rows for the index: an organisation, knowledge bases and files written straight to the tables
// (the index's tests need no HTTP), and chunks embedded with the fake provider's stand-in vectors.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { fakeEmbedding } from "../../../../e2e/support/fake-provider";
import { db } from "../../db/client";
import { insertChunks } from "./chunks";
import type { Candidate } from "./candidates";

export async function makeOrg(): Promise<string> {
  const id = `org-${randomUUID()}`;
  await db().execute(sql`insert into organization (id, name, slug) values (${id}, 'Index test', ${id})`);
  return id;
}

export async function makeKb(orgId: string, dims = 1536, name = "Handbook"): Promise<string> {
  const id = randomUUID();
  await db().execute(sql`
    insert into knowledge_base (id, organization_id, name, embedding_model, embedding_dimensions)
    values (${id}, ${orgId}, ${name}, 'openai:text-embedding-3-small', ${dims})`);
  return id;
}

/** A file holding `texts` as its chunks (page = index + 1), indexed with `dims`-dimension embeddings. */
export async function makeFile(orgId: string, kbId: string, texts: string[], dims = 1536, name = "doc.txt") {
  const id = randomUUID();
  await db().execute(sql`
    insert into kb_file (id, organization_id, knowledge_base_id, file_name, file_key, content_key, content_type)
    values (${id}, ${orgId}, ${kbId}, ${name}, ${`org/${orgId}/kb/${id}/${name}`}, ${`org/${orgId}/kb/${id}/content.txt`}, 'text/plain')`);
  await db().transaction((tx) =>
    insertChunks(
      tx,
      orgId,
      kbId,
      id,
      texts.map((content, i) => ({
        chunkIndex: i,
        pageNumber: i + 1,
        content,
        embedding: fakeEmbedding(content, dims),
      })),
    ),
  );
  return id;
}

export async function count(table: "kb_chunk" | "kb_posting" | "kb_file_index_stat" | "kb_file_term", orgId: string) {
  const r = await db().execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where organization_id = ${orgId}`,
  );
  return (r as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** Deterministic texts over a small vocabulary: long posting lists, varied tf and lengths. */
export function corpus(size: number, seed: number): string[] {
  const words = "alpha beta gamma delta epsilon zeta theta kappa lambda sigma omega river stone cloud".split(" ");
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: size }, () =>
    Array.from({ length: 3 + Math.floor(next() * 12) }, () => words[Math.floor(next() * words.length)]).join(" "),
  );
}

const byChunk = (cs: Candidate[]) => [...cs].sort((a, b) => a.chunkId - b.chunkId);

/** The same candidates and ranks; scores equal but for the last bits (a plan may sum postings in another order). */
export function expectSameCandidates(got: Candidate[], want: Candidate[]) {
  const [g, w] = [byChunk(got), byChunk(want)];
  expect(g.map((c) => [c.chunkId, c.textRank, c.vectorRank])).toEqual(
    w.map((c) => [c.chunkId, c.textRank, c.vectorRank]),
  );
  g.forEach((c, i) => {
    expect(c.bm25).toBeCloseTo(w[i]!.bm25, 12);
    expect(c.cosine).toBeCloseTo(w[i]!.cosine, 12);
  });
}
