// POST /api/kb/search: knowledge-base search for scripts (README). Any member of the organisation may
// search its knowledge bases; another organisation's knowledge base is reported as missing (404).
import { Hono } from "hono";
import type { AppEnv } from "../../env";
import { requireOrg } from "../../auth/context";
import { AppError } from "../../errors";
import { parseJson } from "../../http/parse";
import { kbSearchInput } from "../../../shared/kb-search";
import { findKnowledgeBases, searchKnowledgeBases } from "./service";

export const kbSearchRoutes = new Hono<AppEnv>().post("/kb/search", requireOrg, async (c) => {
  const orgId = c.var.org.id;
  const { knowledgeBaseId, ...req } = await parseJson(c, kbSearchInput);
  const kbs = await findKnowledgeBases(orgId, [knowledgeBaseId]);
  if (kbs.length === 0) throw new AppError("not_found", "Knowledge base not found");
  const results = await searchKnowledgeBases(orgId, kbs, req, c.req.raw.signal);
  return c.json({ success: true, results, totalResults: results.length, query: req.query });
});
