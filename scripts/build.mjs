// Builds the SPA (Vite) and bundles the server (esbuild) into dist/. Writes dist/.build-stamp.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { build } from "esbuild";
import { compressAssets } from "./compress-assets.mjs";
import { buildPgliteSeed } from "./pglite-seed.mjs";

const started = Date.now();
execFileSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"], { stdio: "inherit" });
const compressed = compressAssets("dist/client");
await build({
  entryPoints: ["src/server/main.ts"],
  outfile: "dist/server/main.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node24",
  packages: "external",
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
