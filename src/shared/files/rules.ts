// Chat attachment rules (chat spec §5, rulings.md): size, accepted types, file-name sanitising.

export const CHAT_MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
export const KB_MAX_UPLOAD_BYTES = 250 * 1024 * 1024;

export const CHAT_ACCEPTED_EXTENSIONS = [
  "png",
  "jpg",
  "jpeg",
  "gif",
  "bmp",
  "webp",
  "txt",
  "html",
  "htm",
  "doc",
  "docx",
  "csv",
  "json",
  "xml",
  "md",
  "pdf",
  "xls",
  "xlsx",
  "xlsm",
  // The picker also lists yaml and yml, and they are accepted (rulings.md).
  "yaml",
  "yml",
] as const;

export const KB_ACCEPTED_EXTENSIONS = [
  "png",
  "jpg",
  "jpeg",
  "gif",
  "bmp",
  "webp",
  "txt",
  "html",
  "htm",
  "doc",
  "docx",
  "csv",
  "json",
  "xml",
  "md",
  "yaml",
  "yml",
  "pdf",
  "xls",
  "xlsx",
  "xlsm",
] as const;

export const IMAGE_EXTENSIONS = ["png", "jpg", "jpeg", "gif", "bmp", "webp"] as const;
/** Inline preview is offered only for these (chat §2 File cards). */
export const PREVIEWABLE_IMAGE_EXTENSIONS = ["png", "jpeg", "jpg", "gif", "webp", "svg"] as const;

export const extensionOf = (name: string) => (name.includes(".") ? name.split(".").pop()!.toLowerCase() : "");

/** "#" becomes "no", whitespace runs become "_", anything but letters, digits, ".", "_" and "-" is removed. */
export function sanitizeFileName(name: string): string {
  return name
    .replace(/#/g, "no")
    .replace(/\s+/g, "_")
    .replace(/[^A-Za-z0-9._-]/g, "");
}

export const isImageFile = (name: string, contentType?: string) =>
  (contentType?.startsWith("image/") ?? false) || (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name));

export function isPreviewableImage(name: string, contentType?: string) {
  const type = contentType?.toLowerCase() ?? "";
  if (["image/png", "image/jpeg", "image/jpg", "image/gif", "image/webp", "image/svg+xml"].includes(type)) return true;
  return (PREVIEWABLE_IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(name));
}

export type FileCheck = { ok: true } | { ok: false; message: string };

/** The chat's per-file check with the spec's messages. */
export function checkChatFile(file: { name: string; size: number }): FileCheck {
  if (!(CHAT_ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return { ok: false, message: `${file.name} is not a supported file type.` };
  }
  if (file.size > CHAT_MAX_UPLOAD_BYTES)
    return { ok: false, message: `${file.name}: File is too large. Maximum file size is 50MB.` };
  return { ok: true };
}

/** A knowledge-base upload's check with the hub's messages (KB-61, KB-62). */
export function checkKbFile(file: { name: string; size: number }): FileCheck {
  if (!(KB_ACCEPTED_EXTENSIONS as readonly string[]).includes(extensionOf(file.name))) {
    return { ok: false, message: `${file.name} is not a supported file type.` };
  }
  if (file.size > KB_MAX_UPLOAD_BYTES)
    return { ok: false, message: `${file.name} is too large. Maximum file size is 250MB.` };
  return { ok: true };
}

export const pastedImageName = (timestamp: number, ext: string) => `pasted_image_${timestamp}.${ext}`;

/**
 * FILE-03: a file card's size, in KB with one decimal ("0.5 KB", "2048.0 KB"); a file smaller than 0.1 KB reads
 * "<0.1 KB", never "0.0 KB" (issue 17 #10).
 */
export const formatKb = (bytes: number) => (bytes > 0 && bytes < 102.4 ? "<0.1 KB" : `${(bytes / 1024).toFixed(1)} KB`);
