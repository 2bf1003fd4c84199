// The hybrid search's candidates as both ways of reading them (one statement, or one statement a leg on
// two connections) hand them to the fusion: each leg's rows, each row scored by both legs.

/** A hybrid candidate: both legs' scores, and its rank in each leg's list (null when that leg did not retrieve it). */
export interface Candidate {
  chunkId: number;
  /** 0 when the chunk holds none of the query's terms. */
  bm25: number;
  cosine: number;
  textRank: number | null;
  vectorRank: number | null;
}

/** A leg's row: the chunk, its cosine similarity (−1 when it has none) and its BM25. */
export interface LegRow {
  chunkId: number;
  cosine: number;
  bm25: number;
}

/** The database's distance (null: no vector of the query's size) as a cosine similarity. */
export const cosineOf = (distance: number | string | null) => (distance === null ? -1 : 1 - Number(distance));

/** Both legs' rows as candidates: ranked within their leg, one candidate per chunk. */
export function candidatesOf(denseRows: readonly LegRow[], textRows: readonly LegRow[]): Candidate[] {
  const dense = [...denseRows].sort((a, b) => b.cosine - a.cosine || a.chunkId - b.chunkId);
  const text = [...textRows].sort((a, b) => b.bm25 - a.bm25 || a.chunkId - b.chunkId);
  const out = new Map<number, Candidate>();
  dense.forEach((d, i) =>
    out.set(d.chunkId, { chunkId: d.chunkId, bm25: d.bm25, cosine: d.cosine, textRank: null, vectorRank: i }),
  );
  text.forEach((t, i) => {
    const seen = out.get(t.chunkId);
    if (seen) seen.textRank = i;
    else out.set(t.chunkId, { chunkId: t.chunkId, bm25: t.bm25, cosine: t.cosine, textRank: i, vectorRank: null });
  });
  return [...out.values()];
}
