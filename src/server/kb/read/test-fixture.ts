// Test files the knowledge-base readers can read: indexed, with their chunks (index/test-fixture) and
// their extracted text stored under the content key as ingestion writes it (pages split by form feeds).
import { sql } from "drizzle-orm";
import { db } from "../../db/client";
import { blobStore } from "../../storage/store";
import { PAGE_BREAK } from "../ingest/content-file";
import { makeFile } from "../index/test-fixture";

export async function makeReadableFile(
  orgId: string,
  kbId: string,
  opts: { name: string; chunks: string[]; pages?: string[]; status?: string },
): Promise<{ id: string; contentKey: string }> {
  const id = await makeFile(orgId, kbId, opts.chunks, 1536, opts.name);
  const contentKey = `org/${orgId}/kb/${id}/content.txt`;
  const pages = opts.pages ?? opts.chunks;
  await blobStore().put(contentKey, new TextEncoder().encode(pages.join(PAGE_BREAK)), "text/plain; charset=utf-8");
  await db().execute(sql`update kb_file set processing_status = ${opts.status ?? "indexed"},
    page_count = ${pages.length}, chunk_count = ${opts.chunks.length}
    where organization_id = ${orgId} and id = ${id}::uuid`);
  return { id, contentKey };
}
