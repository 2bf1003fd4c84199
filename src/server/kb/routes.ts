// The knowledge-base calls (hub §7, API-33..43). Every member of the organisation reads and works
// with its knowledge bases' files; creating, changing and deleting a knowledge base is for admins
// (decision 045). Anything of another organisation is reported like a missing one (404).
import { Hono, type Context } from "hono";
import type { AppEnv } from "../env";
import { requireAdmin, requireOrg } from "../auth/context";
import { AppError } from "../errors";
import { parseJson, validateBody } from "../http/parse";
import {
  KB_TEXTS,
  associateKbFileInput,
  kbFilesQuery,
  kbIdQuery,
  processKbFileInput,
  saveExtractedDataInput,
  saveKnowledgeBaseInput,
} from "../../shared/knowledge-bases";
import { getKnowledgeBase, getKnowledgeBaseRow, listKnowledgeBases } from "./kb-queries";
import { createKnowledgeBase, deleteKnowledgeBase, updateKnowledgeBase } from "./kb-service";
import { listKbFiles } from "./file-queries";
import { associateFile, deleteFile, getFile, retryFile, saveExtractedData } from "./file-service";

const requiredId = (c: Context<AppEnv>) => {
  const { id } = validateBody(kbIdQuery, c.req.query());
  if (!id) throw new AppError("bad_request", "id is required");
  return id;
};

export const kbRoutes = new Hono<AppEnv>()
  .get("/kb/manage", requireOrg, async (c) => {
    const orgId = c.var.org.id;
    const { id } = validateBody(kbIdQuery, c.req.query());
    if (id === undefined) return c.json({ success: true, knowledgeBases: await listKnowledgeBases({ orgId }) });
    const knowledgeBase = await getKnowledgeBase({ orgId, id });
    if (!knowledgeBase) throw new AppError("not_found", KB_TEXTS.notFound);
    return c.json({ success: true, knowledgeBase });
  })
  .post("/kb/manage", requireOrg, requireAdmin("create knowledge bases"), async (c) => {
    const input = await parseJson(c, saveKnowledgeBaseInput);
    const knowledgeBase = await createKnowledgeBase({ orgId: c.var.org.id, userId: c.var.user.id, input });
    return c.json({ success: true, knowledgeBase }, 201);
  })
  .put("/kb/manage", requireOrg, requireAdmin("update knowledge bases"), async (c) => {
    const id = requiredId(c);
    const input = await parseJson(c, saveKnowledgeBaseInput);
    return c.json({ success: true, knowledgeBase: await updateKnowledgeBase({ orgId: c.var.org.id, id, input }) });
  })
  .delete("/kb/manage", requireOrg, requireAdmin("delete knowledge bases"), async (c) => {
    await deleteKnowledgeBase({ orgId: c.var.org.id, id: requiredId(c) });
    return c.json({ success: true });
  })
  .get("/kb/files", requireOrg, async (c) => {
    const orgId = c.var.org.id;
    const { kbId, fileId } = validateBody(kbFilesQuery, c.req.query());
    if (!(await getKnowledgeBaseRow({ orgId, id: kbId }))) throw new AppError("not_found", KB_TEXTS.notFound);
    if (fileId === undefined) return c.json({ success: true, files: await listKbFiles({ orgId, kbId }) });
    return c.json({ success: true, file: await getFile({ orgId, kbId, fileId }) });
  })
  .post("/kb/files", requireOrg, async (c) => {
    const input = await parseJson(c, associateKbFileInput);
    const caller = { orgId: c.var.org.id, userId: c.var.user.id, isAdmin: c.var.isAdmin };
    return c.json({ success: true, file: await associateFile(caller, input) }, 201);
  })
  .delete("/kb/files", requireOrg, async (c) => {
    const { kbId, fileId } = validateBody(kbFilesQuery, c.req.query());
    if (!fileId) throw new AppError("bad_request", "fileId is required");
    await deleteFile({ orgId: c.var.org.id, kbId, fileId });
    return c.json({ success: true });
  })
  .patch("/kb/files", requireOrg, async (c) => {
    const { kbId, fileId, extractedData } = await parseJson(c, saveExtractedDataInput);
    return c.json({
      success: true,
      file: await saveExtractedData({ orgId: c.var.org.id, kbId, fileId, extractedData }),
    });
  })
  .post("/kb/process", requireOrg, async (c) => {
    const { knowledgeBaseId, fileId } = await parseJson(c, processKbFileInput);
    return c.json({ success: true, file: await retryFile({ orgId: c.var.org.id, kbId: knowledgeBaseId, fileId }) });
  });
