// Builds the process's long-lived parts from the config: database (migrated), secrets, auth.
import type { Config } from "./config";
import { setOutboundAllowList } from "./net/outbound-guard";
import { setMcpRuntimeOptions } from "./mcp/runtime-options";
import { openDatabase, type Database } from "./db/client";
import { createAuth, type Auth } from "./auth/auth";
import { createSecrets, loadMasterKey, type Secrets } from "./security/secrets";
import { initBlobStore } from "./storage/store";
import { startPgInvalidation } from "./cache/pg-invalidation";
import { secureDataDir } from "./security/data-dir";

export interface Services {
  database: Database;
  secrets: Secrets;
  auth: Auth;
}

/** The process-wide secrets helper, for the features that store credentials. */
export let secrets: Secrets;

export async function createServices(config: Config, opts: { inMemoryDb?: boolean } = {}): Promise<Services> {
  secureDataDir(config.dataDir);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: opts.inMemoryDb ? undefined : config.dataDir,
    poolSize: config.databasePoolSize,
  });
  if (config.databaseUrl) {
    // Replicas share the database: their caches hear each other's writes through it.
    const stop = await startPgInvalidation(config.databaseUrl, database.db);
    const close = database.close;
    database.close = async () => {
      await stop();
      await close();
    };
  }
  setOutboundAllowList(config.outboundAllowHosts);
  setMcpRuntimeOptions({ stdioAllowlist: config.mcpStdioAllowlist, connectTimeoutMs: config.mcpConnectTimeoutMs, callTimeoutMs: config.mcpToolTimeoutMs });
  secrets = createSecrets(loadMasterKey({ secretKey: config.secretKey, dataDir: config.dataDir }));
  initBlobStore({ dataDir: config.dataDir, signingKey: secrets.derive("blob-url") });
  const auth = createAuth({ db: database.db, config, secret: secrets.derive("better-auth").toString("base64") });
  return { database, secrets, auth };
}
