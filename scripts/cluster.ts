// `npm run cluster`: 3 replicas of the built server on one PostgreSQL, files in an S3-compatible bucket
// (s3rver, unless S3_* name one), behind haproxy (round robin, no sticky sessions). Ctrl-C stops it all.
//   DATABASE_URL=postgres://… npm run cluster
// CLUSTER_REPLICAS (3), CLUSTER_PORT (3000: the balancer; replicas on the next ports, s3rver after them),
// CLUSTER_HOST (127.0.0.1), CLUSTER_DIR (./data/cluster). Every other variable reaches the replicas.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { ensureBuild } from "./ensure-build.mjs";
import { startCluster } from "./cluster/start-cluster";

const env = process.env;
if (!env.DATABASE_URL) {
  console.error(
    "npm run cluster needs DATABASE_URL: a PostgreSQL ≥ 15 database with pgvector that every replica shares.",
  );
  process.exit(1);
}
const dir = path.resolve(env.CLUSTER_DIR ?? "data/cluster");
mkdirSync(dir, { recursive: true, mode: 0o700 });

// Every replica must encrypt and sign with the same key; kept so stored credentials survive a restart.
function secretKey(): string {
  if (env.SECRET_KEY) return env.SECRET_KEY;
  const file = path.join(dir, "secret.key");
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  return readFileSync(file, "utf8").trim();
}

ensureBuild();
const s3 = Object.fromEntries(Object.entries(env).filter(([k, v]) => k.startsWith("S3_") && v)) as Record<
  string,
  string
>;
const port = Number(env.CLUSTER_PORT ?? 3000);
const host = env.CLUSTER_HOST ?? "127.0.0.1";
const cluster = await startCluster({
  databaseUrl: env.DATABASE_URL,
  dir,
  replicas: Number(env.CLUSTER_REPLICAS ?? 3),
  host,
  port,
  publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
  secretKey: secretKey(),
  s3: s3.S3_BUCKET ? s3 : undefined,
  respawn: true,
  log: (source, line) => console.log(`${source.padEnd(9)}| ${line}`),
});
console.log(
  `\nSwitchboard cluster: ${env.PUBLIC_URL ?? `http://localhost:${port}`} (haproxy, round robin) → ` +
    cluster.replicas.map((r) => `${r.name} :${r.port}`).join(", ") +
    `; files in ${cluster.s3Endpoint ? `S3 at ${cluster.s3Endpoint}` : "S3"}. Ctrl-C stops everything.\n`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log("stopping the cluster…");
  await cluster.stop();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
