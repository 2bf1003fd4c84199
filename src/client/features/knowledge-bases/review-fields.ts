// The review form's fields (hub §2 File review, KB-54..56) and the preview kind (KB-57..60).
import { extensionOf } from "@/shared/files/rules";

/** KB-54 */
export const HIDDEN_FIELDS = new Set(["id", "fileId", "organizationId", "createdAt", "updatedAt"]);

export type FieldType = "string" | "text" | "date" | "date-time" | "boolean" | "number" | "array" | "object";

export interface ReviewField {
  name: string;
  label: string;
  type: FieldType;
  description?: string;
}

const LONG_TEXT = 100;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** KB-55/56: the type a schema property gives, else what the value looks like. */
export function fieldType(property: Record<string, unknown> | undefined, value: unknown): FieldType {
  const type = Array.isArray(property?.type) ? property.type.find((t) => t !== "null") : property?.type;
  const format = property?.format;
  if (type === "string" || (type === undefined && typeof value === "string")) {
    if (format === "date" || (type === undefined && typeof value === "string" && ISO_DATE.test(value))) return "date";
    if (format === "date-time" || (type === undefined && typeof value === "string" && ISO_DATE_TIME.test(value)))
      return "date-time";
    return typeof value === "string" && value.length > LONG_TEXT ? "text" : "string";
  }
  if (type === "boolean" || (type === undefined && typeof value === "boolean")) return "boolean";
  if (type === "integer" || type === "number" || (type === undefined && typeof value === "number")) return "number";
  if (type === "array" || (type === undefined && Array.isArray(value))) return "array";
  if (type === "object" || (type === undefined && value !== null && typeof value === "object")) return "object";
  return typeof value === "string" && value.length > LONG_TEXT ? "text" : "string";
}

const humanise = (name: string) =>
  name
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/^./, (c) => c.toUpperCase());

/** The schema's properties first, in its order, then any other keys the data holds; hidden ones left out. */
export function reviewFields(schema: Record<string, unknown> | null, data: Record<string, unknown>): ReviewField[] {
  const properties = (schema?.properties ?? {}) as Record<string, Record<string, unknown>>;
  const names = [...new Set([...Object.keys(properties), ...Object.keys(data)])].filter((n) => !HIDDEN_FIELDS.has(n));
  return names.map((name) => {
    const property = properties[name];
    const title = typeof property?.title === "string" ? property.title : undefined;
    const description = typeof property?.description === "string" ? property.description : undefined;
    return {
      name,
      label: title ?? humanise(name),
      type: fieldType(property, data[name]),
      ...(description ? { description } : {}),
    };
  });
}

/** The page a field's value came from, when the server kept it (extractedDataPages). */
export function pageOfField(pages: Record<string, number | null> | null | undefined, name: string): number | null {
  const page = pages?.[name];
  return typeof page === "number" && page > 0 ? page : null;
}

/** A value as the form edits it: arrays and objects as JSON text, the rest as they are. */
export function draftOf(type: FieldType, value: unknown): unknown {
  if (type === "array" || type === "object")
    return value === undefined || value === null ? "" : JSON.stringify(value, null, 2);
  if (type === "boolean") return value === true;
  if (type === "number") return value === undefined || value === null ? "" : String(value);
  if (type === "date-time" && typeof value === "string") return value.slice(0, 16);
  return value ?? "";
}

/** The draft back as data; null when JSON text does not parse (Save stays disabled). */
export function valueOf(type: FieldType, draft: unknown): { ok: true; value: unknown } | { ok: false } {
  if (type === "array" || type === "object") {
    const text = String(draft ?? "").trim();
    if (!text) return { ok: true, value: type === "array" ? [] : {} };
    try {
      const parsed: unknown = JSON.parse(text);
      const fits =
        type === "array"
          ? Array.isArray(parsed)
          : parsed !== null && typeof parsed === "object" && !Array.isArray(parsed);
      return fits ? { ok: true, value: parsed } : { ok: false };
    } catch {
      return { ok: false };
    }
  }
  if (type === "number") {
    const text = String(draft ?? "").trim();
    if (!text) return { ok: true, value: null };
    const n = Number(text);
    return Number.isFinite(n) ? { ok: true, value: n } : { ok: false };
  }
  return { ok: true, value: draft };
}

export type PreviewKind = "pdf" | "image" | "office" | "text" | "none";

const OFFICE = ["doc", "docx", "xls", "xlsx", "xlsm", "ppt", "pptx"];
const TEXT = ["txt", "md", "markdown", "json", "html", "htm", "csv", "xml", "yaml", "yml"];
const IMAGES = ["png", "jpg", "jpeg", "gif", "bmp", "webp", "svg"];

/** KB-57..60: by content type, else by extension. */
export function previewKind(fileName: string, contentType: string | null | undefined): PreviewKind {
  const type = (contentType ?? "").toLowerCase();
  const ext = extensionOf(fileName);
  if (type === "application/pdf" || ext === "pdf") return "pdf";
  if (type.startsWith("image/") || IMAGES.includes(ext)) return "image";
  if (
    OFFICE.includes(ext) ||
    type.includes("officedocument") ||
    type === "application/msword" ||
    type.includes("ms-excel") ||
    type.includes("ms-powerpoint")
  )
    return "office";
  if (type.startsWith("text/") || type === "application/json" || TEXT.includes(ext)) return "text";
  return "none";
}
