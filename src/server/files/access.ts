// Who may read a key in the blob store (decision 013, decision 023). Every path that reads or signs a
// key for a request asks here first; a key it does not recognise is nobody's.
//   org/<orgId>/uploads/<fileId>/<name> and …/content.txt: the upload's row decides — its uploader and
//     the organisation's admins. The extracted text is the upload's, not the organisation's.
//   org/<orgId>/generated/<id>/<name>: the organisation's (tools' output, shown in the conversation).
//   org/<orgId>/kb/<fileId>/<name>: a knowledge-base file, its text and page images — the organisation's
//     members' once the file belongs to a knowledge base (knowledge bases are shared, decision 045);
//     before that (presigned, not yet associated) its uploader's and the admins', like an upload.
import { isOrgKey } from "./keys";
import { getFileById, isKnowledgeBaseFile, type FileRow } from "./queries";

export interface Reader {
  orgId: string;
  userId: string;
  isAdmin: boolean;
}

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const UPLOAD = new RegExp(`^org/[^/]+/uploads/(${UUID})/[^/]+$`);
const GENERATED = new RegExp(`^org/[^/]+/generated/${UUID}/[^/]+$`);
const KB = new RegExp(`^org/[^/]+/kb/(${UUID})/[^/]+$`);

const mayRead = (reader: Reader, row: FileRow) =>
  reader.isAdmin || (row.userId !== null && row.userId === reader.userId);

/** The row of the upload folder `key` lies in, when the reader may read that upload. */
async function uploadFor(reader: Reader, key: string): Promise<FileRow | null> {
  const fileId = isOrgKey(reader.orgId, key) ? UPLOAD.exec(key)?.[1] : undefined;
  if (!fileId) return null;
  const row = await getFileById({ orgId: reader.orgId, id: fileId });
  return row && mayRead(reader, row) ? row : null;
}

/** The upload whose file (not its extracted text) `key` is, when the reader may read it: what a message may attach. */
export async function readableUpload(reader: Reader, key: string): Promise<FileRow | null> {
  const row = await uploadFor(reader, key);
  return row?.key === key ? row : null;
}

/** True when the reader may get a download URL for `key`. */
export async function canReadKey(reader: Reader, key: string): Promise<boolean> {
  if (!isOrgKey(reader.orgId, key)) return false;
  if (GENERATED.test(key)) return true;
  const kbFileId = KB.exec(key)?.[1];
  if (kbFileId) {
    if (await isKnowledgeBaseFile({ orgId: reader.orgId, id: kbFileId })) return true;
    const row = await getFileById({ orgId: reader.orgId, id: kbFileId });
    return !!row && mayRead(reader, row) && (row.key === key || row.contentKey === key);
  }
  const row = await uploadFor(reader, key);
  return !!row && (row.key === key || row.contentKey === key);
}
