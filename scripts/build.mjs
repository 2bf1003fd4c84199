// Builds the SPA (Vite) and bundles the server (esbuild) into dist/. Writes dist/.build-stamp.
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { build } from "esbuild";
import { compressAssets } from "./compress-assets.mjs";
import { buildPgliteSeed } from "./pglite-seed.mjs";

/** Loaded from node_modules at run time rather than bundled (see the build below). */
const SERVER_EXTERNAL = [
  "@electric-sql/*", // WebAssembly and data files beside its code
  "unpdf", // pdf.js and its worker
  "pg-native",
  "@aws-sdk/*",
  "@ai-sdk/google-vertex", // Google's auth library
  "@ai-sdk/amazon-bedrock", // AWS's
  "snowflake-sdk",
  "@pinecone-database/pinecone",
  "pptxgenjs",
  "pdf-lib",
  "exceljs",
  "xlsx",
  "mammoth",
  "word-extractor",
  "sanitize-html",
  "nodemailer",
  "linkedom",
  "@mozilla/readability",
  "turndown",
  "@zxcvbn-ts/*",
  "@modelcontextprotocol/sdk",
];

const started = Date.now();
execFileSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"], { stdio: "inherit" });
const compressed = compressAssets("dist/client");
// The server's packages are bundled with it (decision 108): Node's ES module loader resolving, reading
// and linking a few thousand files of node_modules one by one took ~2.5 s of a 3.6 s cold start on a busy
// machine; bundled, the first answer comes after ~1.2 s. Split at every dynamic import, so what the code
// loads on first use (providers, document tools, the fixed plan's server) still loads only then. Kept
// external: packages that read files beside their own code (PGlite's WebAssembly, pdf.js), native or
// optional modules, and big ones only some organisations use.
rmSync("dist/server", { recursive: true, force: true });
await build({
  entryPoints: ["src/server/main.ts"],
  outdir: "dist/server",
  bundle: true,
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node24",
  external: SERVER_EXTERNAL,
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __sbRequire } from 'node:module'; const require = __sbRequire(import.meta.url);",
  },
  // Half the bytes to read and compile at start (first answer ~0.9 s instead of ~1.05 s, 9 MB less RSS);
  // names kept for stack traces and error classes, and the source maps name our files.
  minify: true,
  keepNames: true,
  sourcemap: true,
  logLevel: "warning",
});
const seedStarted = Date.now();
await buildPgliteSeed();
const seedMs = Date.now() - seedStarted;
writeFileSync("dist/.build-stamp", new Date().toISOString() + "\n");
console.log(
  `built in ${((Date.now() - started) / 1000).toFixed(1)} s; ${compressed.count} client files precompressed, ` +
    `${(compressed.original / 1024).toFixed(0)} KB → ${(compressed.brotli / 1024).toFixed(0)} KB with brotli; ` +
    `PGlite seed in ${(seedMs / 1000).toFixed(1)} s`,
);
