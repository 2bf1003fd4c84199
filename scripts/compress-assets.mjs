// Writes brotli (.br) and gzip (.gz) copies of the built client's text files, so the server sends them
// precompressed (issue 17 #17): compressing once at build time at the highest levels costs nothing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|wasm)$/i;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 512;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Compresses every compressible file under dir; returns how many bytes were written for how many files. */
export function compressAssets(dir) {
  let count = 0;
  let original = 0;
  let brotli = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const raw = readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    if (br.length < raw.length) writeFileSync(`${file}.br`, br);
    if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
    count++;
    original += raw.length;
    brotli += Math.min(br.length, raw.length);
  }
  return { count, original, brotli };
}
