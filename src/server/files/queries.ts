// The file table. Every function takes the organisation and filters by it.
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { file, kbFile } from "../db/tables";
import type { FileStatus } from "../db/schema/files";

export type FileRow = typeof file.$inferSelect;

export async function insertFile(row: {
  orgId: string;
  id: string;
  userId: string;
  key: string;
  contentKey: string;
  fileName: string;
  contentType: string;
  /** Uploads start pending; a file a tool generated is stored whole before its row is written. */
  status?: FileStatus;
  size?: number;
}): Promise<void> {
  const { orgId, status = "pending", ...rest } = row;
  await db()
    .insert(file)
    .values({ ...rest, organizationId: orgId, status });
}

export async function getFileByKey({ orgId, key }: { orgId: string; key: string }): Promise<FileRow | null> {
  const [row] = await db()
    .select()
    .from(file)
    .where(and(eq(file.organizationId, orgId), eq(file.key, key)))
    .limit(1);
  return row ?? null;
}

export async function getFileById({ orgId, id }: { orgId: string; id: string }): Promise<FileRow | null> {
  const [row] = await db()
    .select()
    .from(file)
    .where(and(eq(file.organizationId, orgId), eq(file.id, id)))
    .limit(1);
  return row ?? null;
}

export async function updateFile({
  orgId,
  id,
  ...fields
}: {
  orgId: string;
  id: string;
  status: FileStatus;
  size?: number;
}) {
  await db()
    .update(file)
    .set(fields)
    .where(and(eq(file.organizationId, orgId), eq(file.id, id)));
}

/** True when the upload `id` belongs to one of the organisation's knowledge bases (its kb_file row). */
export async function isKnowledgeBaseFile({ orgId, id }: { orgId: string; id: string }): Promise<boolean> {
  const [row] = await db()
    .select({ id: kbFile.id })
    .from(kbFile)
    .where(and(eq(kbFile.organizationId, orgId), eq(kbFile.id, id)))
    .limit(1);
  return !!row;
}
