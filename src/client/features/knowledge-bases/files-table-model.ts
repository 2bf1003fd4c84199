// The files table's rules (hub §2, KB-33..44): filter on name, sort by Name/Status/Size/Date, pages
// of 10, selection text, and which row actions a file offers.
import { canRetryFile, KB_TEXTS, type KnowledgeBaseFile } from "@/shared/knowledge-bases";
import { fileStatus } from "./kb-labels";

export type KbFile = KnowledgeBaseFile;

export const PAGE_SIZE = 10;
export type SortColumn = "name" | "status" | "size" | "date";
export interface Sort {
  column: SortColumn;
  direction: "asc" | "desc";
}

/** KB-33: case-insensitive match on the file name. */
export const filterFiles = (files: readonly KbFile[], query: string) => {
  const q = query.trim().toLowerCase();
  return q ? files.filter((f) => f.fileName.toLowerCase().includes(q)) : [...files];
};

const compare: Record<SortColumn, (a: KbFile, b: KbFile) => number> = {
  name: (a, b) => a.fileName.localeCompare(b.fileName, undefined, { sensitivity: "base", numeric: true }),
  // Status sorts by what the badge says, so "Processing" rows (processing and completed) stay together.
  status: (a, b) => fileStatus(a.processingStatus).label.localeCompare(fileStatus(b.processingStatus).label),
  size: (a, b) => (a.fileSize ?? 0) - (b.fileSize ?? 0),
  date: (a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt),
};

/** KB-34: a stable sort; without a sort the newest file comes first. */
export function sortFiles(files: readonly KbFile[], sort: Sort | null): KbFile[] {
  if (!sort) return [...files].sort((a, b) => compare.date(b, a));
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...files].sort((a, b) => sign * compare[sort.column](a, b));
}

/** Clicking a header: ascending first, then descending, then ascending again. */
export const nextSort = (current: Sort | null, column: SortColumn): Sort =>
  current?.column === column && current.direction === "asc"
    ? { column, direction: "desc" }
    : { column, direction: "asc" };

export const pageCount = (rows: number) => Math.max(1, Math.ceil(rows / PAGE_SIZE));

/** KB-36: one page of 10. */
export const pageOf = <T>(rows: readonly T[], page: number) => rows.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);

/** KB-38 */
export const selectionText = (selected: number, total: number) => `${selected} of ${total} row(s) selected.`;

/** KB-37 */
export const deleteSelectedLabel = (selected: number) => `Delete Selected (${selected})`;

/** KB-39 */
export const deleteSelectedConfirm = KB_TEXTS.deleteFilesConfirm;

export const hasExtractedData = (file: { extractedData: Record<string, unknown> | null }) =>
  Boolean(file.extractedData && typeof file.extractedData === "object" && Object.keys(file.extractedData).length);

export type RowAction =
  "Download File" | "View Extracted Data" | "Review Extracted Data" | "Retry Processing" | "Delete File";

/** KB-40..43: the row menu, in order, with its visibility rules. */
export function rowActions(file: {
  extractedData: Record<string, unknown> | null;
  processingStatus: string;
}): RowAction[] {
  const actions: RowAction[] = ["Download File"];
  if (hasExtractedData(file)) actions.push("View Extracted Data", "Review Extracted Data");
  if (canRetryFile(file.processingStatus)) actions.push("Retry Processing");
  actions.push("Delete File");
  return actions;
}
