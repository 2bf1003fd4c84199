// @vitest-environment happy-dom
// The files table as a user works it: filter, sort, select, page, bulk delete and the row menu.
import { describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach } from "vitest";
import type { KnowledgeBaseFile } from "@/shared/knowledge-bases";
import { FilesTable } from "./files-table";

afterEach(cleanup);

const make = (i: number, over: Partial<KnowledgeBaseFile> = {}) =>
  ({
    id: `f${i}`,
    fileName: `doc-${String(i).padStart(2, "0")}.pdf`,
    fileKey: `k${i}`,
    contentType: "application/pdf",
    fileSize: 1000 + i,
    processingStatus: "indexed",
    processingError: null,
    extractedData: {},
    extractedDataPages: {},
    createdAt: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
    ...over,
  }) as KnowledgeBaseFile;

const FILES = Array.from({ length: 12 }, (_, i) => make(i + 1));
const bodyRows = () => screen.getAllByRole("row").slice(1);
const firstCell = () => bodyRows().map((r) => within(r).getAllByRole("cell")[1]!.textContent);

// Rendering a dozen rows is slow on a loaded machine: a generous timeout, the assertions are what matter.
describe("FilesTable", { timeout: 30_000 }, () => {
  it("[KB-44] no files shows 'No files uploaded'; a filter without matches shows 'No results.'", () => {
    const { rerender } = render(<FilesTable files={[]} onAction={vi.fn()} onDeleteMany={vi.fn()} />);
    expect(screen.getByText("No files uploaded")).toBeTruthy();
    rerender(<FilesTable files={FILES} onAction={vi.fn()} onDeleteMany={vi.fn()} />);
    fireEvent.change(screen.getByLabelText("Filter files"), { target: { value: "nothing-like-this" } });
    expect(screen.getByText("No results.")).toBeTruthy();
    expect(screen.getByText("0 of 0 row(s) selected.")).toBeTruthy();
  });

  it("[KB-33] [KB-36] filter on name, pages of 10 with Previous/Next", () => {
    render(<FilesTable files={FILES} onAction={vi.fn()} onDeleteMany={vi.fn()} />);
    expect(bodyRows()).toHaveLength(10);
    expect(firstCell()[0]).toBe("doc-12.pdf"); // newest first
    const previous = screen.getByRole("button", { name: "Previous" }) as HTMLButtonElement;
    const next = screen.getByRole("button", { name: "Next" }) as HTMLButtonElement;
    expect(previous.disabled).toBe(true);
    fireEvent.click(next);
    expect(firstCell()).toEqual(["doc-02.pdf", "doc-01.pdf"]);
    expect(next.disabled).toBe(true);
    fireEvent.click(previous);
    fireEvent.change(screen.getByLabelText("Filter files"), { target: { value: "DOC-1" } });
    expect(firstCell()).toEqual(["doc-12.pdf", "doc-11.pdf", "doc-10.pdf"]);
  });

  it("[KB-34] a header click sorts ascending, a second descending", () => {
    render(<FilesTable files={FILES.slice(0, 3)} onAction={vi.fn()} onDeleteMany={vi.fn()} />);
    fireEvent.click(screen.getByRole("button", { name: "Size" }));
    expect(firstCell()).toEqual(["doc-01.pdf", "doc-02.pdf", "doc-03.pdf"]);
    fireEvent.click(screen.getByRole("button", { name: "Size" }));
    expect(firstCell()).toEqual(["doc-03.pdf", "doc-02.pdf", "doc-01.pdf"]);
    for (const name of ["Name", "Status", "Date"]) expect(screen.getByRole("button", { name })).toBeTruthy();
  });

  it("[KB-35] [KB-37] [KB-38] [KB-39] row checkboxes, the selection text, 'Delete Selected (N)' and its confirm", async () => {
    const onDeleteMany = vi.fn(async () => {});
    render(<FilesTable files={FILES} onAction={vi.fn()} onDeleteMany={onDeleteMany} />);
    expect(screen.getByText("0 of 12 row(s) selected.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Delete Selected/ })).toBeNull();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select doc-12.pdf" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select doc-11.pdf" }));
    expect(screen.getByText("2 of 12 row(s) selected.")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all" }));
    expect(screen.getByText("10 of 12 row(s) selected.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Delete Selected (10)" }));
    expect(
      await screen.findByText("Are you sure you want to delete 10 selected file(s)? This action cannot be undone."),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    await vi.waitFor(() => expect(onDeleteMany).toHaveBeenCalledTimes(1));
    expect((onDeleteMany.mock.calls[0] as unknown as [KnowledgeBaseFile[]])[0]).toHaveLength(10);
  });

  it("[KB-45] statuses read Pending, Processing, Ready, Failed", () => {
    const files = ["pending", "processing", "completed", "indexed", "failed"].map((s, i) =>
      make(i, { processingStatus: s as KnowledgeBaseFile["processingStatus"] }),
    );
    render(<FilesTable files={files} onAction={vi.fn()} onDeleteMany={vi.fn()} />);
    const statuses = bodyRows().map((r) => within(r).getAllByRole("cell")[2]!.textContent);
    expect(statuses.sort()).toEqual(["Failed", "Pending", "Processing", "Processing", "Ready"]);
  });
});
