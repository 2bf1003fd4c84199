// /api/blob/upload and /api/blob/download: the local store's presigned URLs. They are authorised by
// their signature, not by a session, so app.ts mounts them before the session middleware and exempts
// the upload from the 1 MB JSON body limit (it enforces the signed limit itself, streaming).
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { AppError } from "../errors";
import { LocalBlobStore } from "./local-store";
import { blobStore } from "./store";

function localStore(): LocalBlobStore {
  const store = blobStore();
  // With S3 configured, presigned URLs point at the bucket and these routes do not exist.
  if (!(store instanceof LocalBlobStore)) throw new AppError("not_found", "Not found");
  return store;
}

export const blobRoutes = new Hono<AppEnv>()
  .put("/blob/upload", async (c) => {
    const url = new URL(c.req.url);
    await localStore().acceptUpload(url.searchParams, c.req.raw.headers, c.req.raw.body);
    return c.body(null, 200);
  })
  .get("/blob/download", async (c) => {
    const url = new URL(c.req.url);
    const { body, headers } = await localStore().openDownload(url.searchParams);
    return c.body(body, 200, headers);
  });
