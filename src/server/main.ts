// Process entry: config → the worker plan (workers.ts: one process; WEB_CONCURRENCY workers; or, on
// PostgreSQL by default, one process that adds workers under load) → a server (serve.ts).
import cluster from "node:cluster";
import { loadConfig } from "./config";
import { runPrimary, workerPlan } from "./workers";
import { loadMasterKey } from "./security/secrets";
import { beginEarlyMigration } from "./db/early-migration";

const started = performance.now();
const config = loadConfig();
const plan = workerPlan(config);
// A generated DATA_DIR/secret.key is written once, before any worker reads it.
if (plan.mode !== "single" && cluster.isPrimary)
  loadMasterKey({ secretKey: config.secretKey, dataDir: config.dataDir });
// Loaded only when this process serves, so a fixed plan's primary stays small (it never loads the app).
if (plan.mode === "fixed" && cluster.isPrimary) runPrimary(plan.count);
else {
  // A new database's migrations run on PostgreSQL's side while the modules below load.
  if (config.databaseUrl) await beginEarlyMigration(config.databaseUrl);
  await (
    await import("./serve")
  ).runServer(config, started, {
    sharedPort: plan.mode !== "single",
    reportLoad: plan.mode === "elastic",
  });
  if (plan.mode === "elastic" && cluster.isPrimary)
    (await import("./elastic-workers")).startElasticWorkers(plan.max, {
      busy: config.webConcurrencyBusy,
      idleSeconds: config.webConcurrencyIdleSeconds,
      onBurst: (await import("./chat/start-admission")).onStartBurst,
    });
}
