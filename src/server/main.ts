// Process entry: config → (on PostgreSQL, one worker per core: workers.ts) → a server (serve.ts).
import cluster from "node:cluster";
import { loadConfig } from "./config";
import { runPrimary, workerCount } from "./workers";
import { loadMasterKey } from "./security/secrets";

const started = performance.now();
const config = loadConfig();
const workers = workerCount(config);
if (workers > 1 && cluster.isPrimary) {
  // A generated DATA_DIR/secret.key is written once, before the workers read it.
  loadMasterKey({ secretKey: config.secretKey, dataDir: config.dataDir });
  runPrimary(workers);
}
// Loaded only here, so the primary stays small (it never loads the app).
else await (await import("./serve")).runServer(config, started);
