// attachment_file_ids → files of this organisation the caller may read, by the same rule as a download
// (files/access.ts, decision 013): their own uploads (all uploads for admins) and knowledge-base files.
// Another organisation's file, another member's upload or an unknown id all read "not found".
import { canReadKey } from "../../server/files/access";
import { getFileById } from "../../server/files/queries";
import { blobStore } from "../../server/storage/store";
import type { EmailAttachment } from "../../server/email/mailer";
import type { ToolContext } from "../executor.server";

/** Total attachment bytes per email (mutable for tests): SMTP servers often refuse 25 MB, and base64 adds a third. */
export const EMAIL_LIMITS = { maxAttachmentBytes: 15 * 1024 * 1024 };

export interface ResolvedAttachment {
  fileId: string;
  key: string;
  filename: string;
  contentType: string;
  size: number;
}

export const attachmentNotFound = (id: string) => `Attachment not found: ${id}`;
export const attachmentsTooLarge = (bytes: number) =>
  `The attachments total ${mb(bytes)} MB; an email may carry at most ${mb(EMAIL_LIMITS.maxAttachmentBytes)} MB.`;
const mb = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

/** The files, or the error text the model gets. */
export async function resolveAttachments(
  ids: readonly string[],
  ctx: Pick<ToolContext, "orgId" | "user" | "isAdmin">,
): Promise<{ files: ResolvedAttachment[] } | { error: string }> {
  const reader = { orgId: ctx.orgId, userId: ctx.user.id, isAdmin: ctx.isAdmin ?? false };
  const files: ResolvedAttachment[] = [];
  for (const id of new Set(ids)) {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await getFileById({ orgId: ctx.orgId, id }) : null;
    if (!row || !(await canReadKey(reader, row.key))) return { error: attachmentNotFound(id) };
    const info = await blobStore().head(row.key);
    if (!info) return { error: attachmentNotFound(id) };
    files.push({ fileId: id, key: row.key, filename: row.fileName, contentType: row.contentType, size: info.size });
  }
  const total = files.reduce((sum, f) => sum + f.size, 0);
  if (total > EMAIL_LIMITS.maxAttachmentBytes) return { error: attachmentsTooLarge(total) };
  return { files };
}

/** The bytes, read when the email actually leaves (after an approval, not while it waits). */
export async function loadAttachments(files: readonly ResolvedAttachment[]): Promise<EmailAttachment[] | null> {
  const out: EmailAttachment[] = [];
  for (const f of files) {
    const obj = await blobStore().get(f.key);
    if (!obj) return null;
    out.push({ filename: f.filename, content: Buffer.from(obj.bytes), contentType: f.contentType });
  }
  return out;
}
