// Where an organisation's files live in the blob store. Every key starts with org/<orgId>/, which is
// how a request is checked against the caller's organisation.
import { sanitizeFileName } from "../../shared/files/rules";
import { isValidKey } from "../storage/keys";

export const CONTENT_FILE_NAME = "content.txt";
const MAX_NAME_LENGTH = 200;

/** The spec's sanitised name, made safe as one path segment and never the extracted text's name. */
export function storedFileName(fileName: string): string {
  let name = sanitizeFileName(fileName);
  if (name.length > MAX_NAME_LENGTH) {
    const dot = name.lastIndexOf(".");
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : "";
    name = name.slice(0, MAX_NAME_LENGTH - ext.length) + ext;
  }
  // "", "." and ".." (or any hidden name) would not be a safe path segment.
  if (!name || name.startsWith(".")) name = `file${name}`;
  if (name === CONTENT_FILE_NAME) name = "content_file.txt";
  return name;
}

export function uploadKeys(orgId: string, fileId: string, fileName: string) {
  const folder = `org/${orgId}/uploads/${fileId}`;
  return { key: `${folder}/${storedFileName(fileName)}`, contentKey: `${folder}/${CONTENT_FILE_NAME}` };
}

/** A knowledge-base upload: readable by the organisation's members once it belongs to a knowledge base. */
export function kbUploadKeys(orgId: string, fileId: string, fileName: string) {
  const folder = `org/${orgId}/kb/${fileId}`;
  return { key: `${folder}/${storedFileName(fileName)}`, contentKey: `${folder}/${CONTENT_FILE_NAME}` };
}

/** True when `key` is a well-formed key inside the organisation's folder. */
export const isOrgKey = (orgId: string, key: string) => isValidKey(key) && key.startsWith(`org/${orgId}/`);

const UPLOAD_KEY = /^org\/([^/]+)\/uploads\/([0-9a-f-]{36})\/([^/]+)$/;

/** The parts of a chat upload's key, or null for any other key. */
export function parseUploadKey(key: string): { orgId: string; fileId: string; name: string } | null {
  const m = isValidKey(key) ? UPLOAD_KEY.exec(key) : null;
  return m && m[3] !== CONTENT_FILE_NAME ? { orgId: m[1]!, fileId: m[2]!, name: m[3]! } : null;
}
