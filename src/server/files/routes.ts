// The chat's file calls (chat spec §7): presigned upload, content extraction, presigned download.
// Each route resolves the organisation itself; the sub-app is mounted at "/" under /api.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireOrg } from "../auth/context";
import { parseJson } from "../http/parse";
import { extractContentInput, presignDownloadInput, presignUploadInput } from "../../shared/files/schema";
import { presignUpload } from "./upload-service";
import { extractContent } from "./extract-service";
import { presignDownload } from "./download-service";

export const fileRoutes = new Hono<AppEnv>()
  .post("/upload/presigned", requireOrg, async (c) => {
    const input = await parseJson(c, presignUploadInput);
    return c.json(await presignUpload({ orgId: c.var.org.id, userId: c.var.user.id, ...input }));
  })
  .post("/files/extractContent", requireOrg, async (c) => {
    const { key, contentKey } = await parseJson(c, extractContentInput);
    return c.json(
      await extractContent({ orgId: c.var.org.id, userId: c.var.user.id, isAdmin: c.var.isAdmin, key, contentKey }),
    );
  })
  .post("/files/presigned_download", requireOrg, async (c) => {
    const { r2Path, filename, disposition } = await parseJson(c, presignDownloadInput);
    const who = { orgId: c.var.org.id, userId: c.var.user.id, isAdmin: c.var.isAdmin };
    return c.json(await presignDownload({ ...who, r2Path: r2Path!, filename, disposition }));
  });
