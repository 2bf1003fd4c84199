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

/** `checkKeys`: model provider keys are checked with the provider before they are saved (decision 082). */
export const providerRoutes = ({ checkKeys }: { checkKeys: boolean }) =>
  new Hono<AppEnv>()
    .get("/getConnection", requireOrg, async (c) => {
      const key = c.req.query("key");
      if (!key) throw new AppError("bad_request", "key is required");
      return c.json(await describeConnection({ orgId: c.var.org.id, key }));
    })
    .post("/updateConnections", requireOrg, requireAdmin("manage connections"), async (c) => {
      const orgId = c.var.org.id;
      const raw = await readJson(c);
      const warnings: string[] = [];
      const save = async (key: string, data: Record<string, unknown>, update: boolean) => {
        const check = await connect({ orgId, key, data, update, checkKeys });
        if (check.outcome === "unreachable") warnings.push(check.warning);
      };
      if (raw && typeof raw === "object" && "action" in raw) {
        const body = validateBody(actionBody, raw);
        if (body.action === "delete") await disconnect({ orgId, key: body.key });
        else await save(body.key, body.data, body.action === "update");
      } else {
        const entries = Object.entries(validateBody(keyedBody, raw));
        if (!entries.length) throw new AppError("bad_request", "No connection given");
        const known = new Set(PROVIDERS.map((p) => p.key));
        for (const [key] of entries)
          if (!known.has(key)) throw new AppError("bad_request", "Invalid integration schema");
        for (const [key, data] of entries) await save(key, data, false);
      }
      // A provider that could not be asked about the key: saved, and the form says so.
      const warning = warnings.length ? { warning: warnings.join(" ") } : {};
      return c.json({ success: true, connections: await getConnectionMap({ orgId }), ...warning });
    })
    .post("/integrations/postgres/test", requireOrg, requireAdmin("test connections"), async (c) => {
      const orgId = c.var.org.id;
      const body = await parseJson(c, postgresTestBody);
      const def = requireDefinition("postgres");
      const stored = (await getCredentials({ orgId, key: "postgres" })) ?? {};
      const creds = validateCredentials(def, mergeForUpdate(def, stored, body.data)) as unknown as PostgresCredentials;
      return c.json(await testPostgres(creds));
    });
