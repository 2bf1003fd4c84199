// Builds the process's long-lived parts from the config: database (migrated), secrets, blob store,
// invitation links, outbound and MCP limits, auth. Process-wide parts are set here, through each
// module's setter, and read through its getter (decision 037); auth (created on first use, decision 119)
// is handed to createApp.
import type { Config } from "./config";
import { setOutboundAllowList, setOwnListenPort } from "./net/outbound-guard";
import { setMcpRuntimeOptions } from "./mcp/runtime-options";
import { openDatabase, setDb, type Database } from "./db/client";
import { lazyAuth, type AuthSource } from "./auth/lazy-auth";
import { setStartAdmission } from "./chat/start-admission";
import { betterAuthSecret } from "./auth/oauth-tokens";
import { setGoogleOAuthClient } from "./google/oauth-client";
import { createSecrets, loadMasterKey, setSecrets, type Secrets } from "./security/secrets";
import { createBlobStore, setBlobStore } from "./storage/store";
import { startPgInvalidation } from "./cache/pg-invalidation";
import { setInvitationLinks } from "./auth/invitation-links";
import { secureDataDir } from "./security/data-dir";
import { createMailer } from "./email/mailer";
import { setToolMailer } from "./email/tool-mailer";

export interface Services {
  database: Database;
  secrets: Secrets;
  /** Created with the first request that needs it (decision 119). */
  auth: AuthSource;
}

export async function createServices(config: Config, opts: { inMemoryDb?: boolean } = {}): Promise<Services> {
  secureDataDir(config.dataDir);
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: opts.inMemoryDb ? undefined : config.dataDir,
    poolSize: config.databasePoolSize,
    pgliteSharedBuffers: config.pgliteSharedBuffers,
  });
  setDb(database.db);
  setStartAdmission(config.databasePoolSize);
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
  // PORT=0 (any free port) is known only once listening: main.ts sets it then.
  setOwnListenPort(config.port || null);
  setMcpRuntimeOptions({
    stdioAllowlist: config.mcpStdioAllowlist,
    stdioNetwork: config.mcpStdioNetwork,
    dataDir: config.dataDir,
    connectTimeoutMs: config.mcpConnectTimeoutMs,
    callTimeoutMs: config.mcpToolTimeoutMs,
  });
  const secrets = createSecrets(loadMasterKey({ secretKey: config.secretKey, dataDir: config.dataDir }));
  setSecrets(secrets);
  setBlobStore(createBlobStore({ dataDir: config.dataDir, signingKey: secrets.derive("blob-url") }));
  setInvitationLinks({ publicUrl: config.publicUrl, signingKey: secrets.derive("invitation-link") });
  setGoogleOAuthClient(config.google);
  setToolMailer(createMailer(config.smtp));
  const auth = lazyAuth(async () =>
    (await import("./auth/auth")).createAuth({ db: database.db, config, secret: betterAuthSecret(secrets) }),
  );
  return { database, secrets, auth };
}
