// Deterministic stand-in embeddings for the fake provider and the benches: the hashing trick over
// lower-cased words (weight 1) and their character trigrams (weight 0.5), L2-normalised. Texts that
// share words or word pieces point the same way, so the vector leg has a real (if weak) signal.
// No dependencies and only erasable TypeScript, like fake-provider.ts.

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function fakeEmbedding(text: string, dims: number): number[] {
  const v = new Float64Array(dims);
  const add = (feature: string, weight: number) => {
    const h = fnv1a(feature);
    v[h % dims]! += (h & 0x80000000 ? -1 : 1) * weight;
  };
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    add(`w:${word}`, 1);
    const padded = `#${word}#`;
    for (let i = 0; i + 3 <= padded.length; i++) add(`t:${padded.slice(i, i + 3)}`, 0.5);
  }
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  // An empty text still gets a unit vector (the real APIs never return zeros).
  if (norm === 0) return Array.from({ length: dims }, (_, i) => (i === 0 ? 1 : 0));
  return Array.from(v, (x) => Math.round((x / norm) * 1e6) / 1e6);
}
