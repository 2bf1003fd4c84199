import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../errors";
import type { AppEnv } from "../env";
import { requireAdmin, requireOrg } from "../auth/context";
import { parseJson, readJson, validateBody } from "../http/parse";
import { getConnectionMap } from "./connections";
import {
  connect,
  describeConnection,
  disconnect,
  mergeForUpdate,
  validateCredentials,
  requireDefinition,
} from "./connection-service";
import { getCredentials } from "./connection-store";
import { testPostgres, type PostgresCredentials } from "./postgres-client";
import { PROVIDERS } from "../../shared/connections/providers";

const actionBody = z.object({
  action: z.enum(["create", "update", "delete"], {
    errorMap: () => ({ message: "action must be create, update or delete" }),
  }),
  key: z.string().min(1, "key is required"),
  data: z.record(z.unknown()).optional().default({}),
});
const postgresTestBody = z.object({ data: z.record(z.unknown()).optional().default({}) });
// Onboarding sends the credentials keyed by provider key: { "openai": { "OPENAI_API_KEY": "…" } }.
const keyedBody = z.record(z.record(z.unknown()));

export const providerRoutes = new Hono<AppEnv>()
  .get("/getConnection", requireOrg, async (c) => {
    const key = c.req.query("key");
    if (!key) throw new AppError("bad_request", "key is required");
    return c.json(await describeConnection({ orgId: c.var.org.id, key }));
  })
  .post("/updateConnections", requireOrg, requireAdmin("manage connections"), async (c) => {
    const orgId = c.var.org.id;
    const raw = await readJson(c);
    if (raw && typeof raw === "object" && "action" in raw) {
      const body = validateBody(actionBody, raw);
      if (body.action === "delete") await disconnect({ orgId, key: body.key });
      else await connect({ orgId, key: body.key, data: body.data, update: body.action === "update" });
    } else {
      const entries = Object.entries(validateBody(keyedBody, raw));
      if (!entries.length) throw new AppError("bad_request", "No connection given");
      const known = new Set(PROVIDERS.map((p) => p.key));
      for (const [key] of entries) if (!known.has(key)) throw new AppError("bad_request", "Invalid integration schema");
      for (const [key, data] of entries) await connect({ orgId, key, data, update: false });
    }
    return c.json({ success: true, connections: await getConnectionMap({ orgId }) });
  })
  .post("/integrations/postgres/test", requireOrg, requireAdmin("test connections"), async (c) => {
    const orgId = c.var.org.id;
    const body = await parseJson(c, postgresTestBody);
    const def = requireDefinition("postgres");
    const stored = (await getCredentials({ orgId, key: "postgres" })) ?? {};
    const creds = validateCredentials(def, mergeForUpdate(def, stored, body.data)) as unknown as PostgresCredentials;
    return c.json(await testPostgres(creds));
  });
