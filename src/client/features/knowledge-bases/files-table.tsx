// The files table (KB-33..44): filter, sortable columns, row checkboxes, pages of 10, bulk delete and
// each row's menu. Selection survives paging and filtering only for rows still listed.
import { useMemo, useState } from "react";
import { ArrowDown, ArrowUp, ArrowUpDown, Trash2 } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { Checkbox } from "@/client/components/ui/checkbox";
import { Input } from "@/client/components/ui/input";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import {
  deleteSelectedConfirm,
  deleteSelectedLabel,
  filterFiles,
  nextSort,
  pageCount,
  pageOf,
  selectionText,
  sortFiles,
  type KbFile,
  type RowAction,
  type Sort,
  type SortColumn,
} from "./files-table-model";
import { KB_TEXTS } from "@/shared/knowledge-bases";
import { FileRowMenu } from "./file-row-menu";
import { formatFileSize } from "./kb-labels";
import { FileStatusBadge } from "./status-badge";

const COLUMNS: Array<[SortColumn, string]> = [
  ["name", "Name"],
  ["status", "Status"],
  ["size", "Size"],
  ["date", "Date"],
];

export function FilesTable({
  files,
  onAction,
  onDeleteMany,
}: {
  files: KbFile[];
  onAction: (file: KbFile, action: RowAction) => void;
  onDeleteMany: (files: KbFile[]) => Promise<void>;
}) {
  const [query, setQuery] = useState("");
  const [sort, setSort] = useState<Sort | null>(null);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);

  const rows = useMemo(() => sortFiles(filterFiles(files, query), sort), [files, query, sort]);
  const pages = pageCount(rows.length);
  const current = Math.min(page, pages - 1);
  const visible = pageOf(rows, current);
  const chosen = rows.filter((f) => selected.has(String(f.id)));
  const allOnPage = visible.length > 0 && visible.every((f) => selected.has(String(f.id)));
  const someOnPage = visible.some((f) => selected.has(String(f.id)));

  const toggle = (ids: string[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });

  if (files.length === 0) {
    return <p className="rounded-md border p-8 text-center text-sm text-muted-foreground">{KB_TEXTS.noFiles}</p>;
  }

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Input
          aria-label="Filter files"
          placeholder="Filter files..."
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setPage(0);
          }}
          className="max-w-xs"
        />
        {chosen.length > 0 && (
          <Button variant="destructive" size="sm" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden />
            {deleteSelectedLabel(chosen.length)}
          </Button>
        )}
      </div>
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-sm">
          <thead className="border-b bg-muted/40 text-left">
            <tr>
              <th className="w-10 p-2">
                <Checkbox
                  aria-label="Select all"
                  checked={allOnPage ? true : someOnPage ? "indeterminate" : false}
                  onCheckedChange={(state) =>
                    toggle(
                      visible.map((f) => String(f.id)),
                      state === true,
                    )
                  }
                />
              </th>
              {COLUMNS.map(([column, label]) => {
                const active = sort?.column === column;
                const Icon = !active ? ArrowUpDown : sort.direction === "asc" ? ArrowUp : ArrowDown;
                return (
                  <th
                    key={column}
                    className="p-2 font-medium"
                    aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : "none"}
                  >
                    <Button
                      variant="ghost"
                      size="sm"
                      className="-ml-2"
                      onClick={() => {
                        setSort(nextSort(sort, column));
                        setPage(0);
                      }}
                    >
                      {label}
                      <Icon className="size-3.5" aria-hidden />
                    </Button>
                  </th>
                );
              })}
              <th className="w-12 p-2">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {visible.length === 0 ? (
              <tr>
                <td colSpan={6} className="h-20 text-center text-muted-foreground">
                  {KB_TEXTS.noResults}
                </td>
              </tr>
            ) : (
              visible.map((file) => {
                const id = String(file.id);
                return (
                  <tr
                    key={id}
                    className="border-b last:border-0 hover:bg-muted/30"
                    data-state={selected.has(id) ? "selected" : undefined}
                  >
                    <td className="p-2">
                      <Checkbox
                        aria-label={`Select ${file.fileName}`}
                        checked={selected.has(id)}
                        onCheckedChange={(state) => toggle([id], state === true)}
                      />
                    </td>
                    <td className="max-w-80 truncate p-2 font-medium" title={file.fileName}>
                      {file.fileName}
                    </td>
                    <td className="p-2">
                      <FileStatusBadge status={file.processingStatus} error={file.processingError} />
                    </td>
                    <td className="p-2 whitespace-nowrap tabular-nums">{formatFileSize(file.fileSize)}</td>
                    <td className="p-2 whitespace-nowrap">{new Date(file.createdAt).toLocaleDateString()}</td>
                    <td className="p-2 text-right">
                      <FileRowMenu file={file} onAction={(action) => onAction(file, action)} />
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{selectionText(chosen.length, rows.length)}</p>
        <div className="flex items-center gap-2">
          <span className="text-xs text-muted-foreground">
            Page {current + 1} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            Next
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete files"
        description={deleteSelectedConfirm(chosen.length)}
        confirmLabel="Delete"
        onConfirm={async () => {
          await onDeleteMany(chosen);
          toggle(
            chosen.map((f) => String(f.id)),
            false,
          );
        }}
      />
    </div>
  );
}
