// @vitest-environment happy-dom
// The review page inside the client: facts, the schema's fields, a value's page shown in the PDF,
// Save Changes only with edits, the PATCH it sends, and the missing-file states.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { SWRConfig } from "swr";
import type { KnowledgeBase, KnowledgeBaseFile } from "@/shared/knowledge-bases";
import { ActiveOrgProvider } from "@/client/components/shell/active-org";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";
import { makeOrg, makeUser } from "@/client/test/org-fixtures";
import { FileReviewPage } from "./file-review-page";

vi.mock("sonner", () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));
const { toast } = await import("sonner");

const ORG = makeOrg();
const USER = makeUser({ organizations: [ORG] });
const KB = {
  id: "kb1",
  name: "Contracts",
  extractionSchema: {
    type: "object",
    properties: { customer: { type: "string", title: "Customer" }, days: { type: "integer", title: "Days" } },
  },
} as unknown as KnowledgeBase;
let file: KnowledgeBaseFile;
const fetchMock = mockFetch();

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
  file = {
    id: "f1",
    fileName: "msa.pdf",
    fileKey: "org/o/kb/msa.pdf",
    contentType: "application/pdf",
    fileSize: 1536,
    processingStatus: "indexed",
    processingError: null,
    extractedData: { id: "x", customer: "Globex", days: 30 },
    extractedDataPages: { customer: 1, days: 2 },
    createdAt: "2026-01-01T00:00:00Z",
  } as unknown as KnowledgeBaseFile;
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    if (u.startsWith("/api/kb/manage?id=kb1")) return json({ success: true, knowledgeBase: KB });
    if (u.startsWith("/api/kb/manage")) return json({ error: "Knowledge base not found" }, 404);
    if (u === "/api/kb/files?orgId=org_1" && init?.method === "PATCH") {
      file = { ...file, extractedData: (JSON.parse(String(init.body)) as { extractedData: never }).extractedData };
      return json({ success: true, file });
    }
    if (u.startsWith("/api/kb/files?kbId=kb1&fileId=f1")) return json({ success: true, file });
    if (u.startsWith("/api/kb/files")) return json({ error: "File not found" }, 404);
    if (u.startsWith("/api/files/presigned_download")) return json({ signedUrl: "/api/blob/download?sig=1" });
    return json({});
  });
});

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: "/control-hub/knowledge-bases/:knowledgeBaseId/files/:fileId/review", element: <FileReviewPage /> },
      { path: "/control-hub/knowledge-bases/:knowledgeBaseId", element: <p>detail page</p> },
      { path: "/control-hub/knowledge-bases", element: <p>list page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ActiveOrgProvider user={USER} org={ORG}>
        <RouterProvider router={router} />
      </ActiveOrgProvider>
    </SWRConfig>,
  );
  return router;
}

describe("FileReviewPage", { timeout: 30_000 }, () => {
  it("[KB-47] [KB-48] [KB-49] [KB-50] [KB-51] [KB-54] facts, fields, a value's page in the PDF, Save Changes only with edits", async () => {
    renderAt("/control-hub/knowledge-bases/kb1/files/f1/review");
    expect(await screen.findByRole("heading", { name: "msa.pdf" })).toBeTruthy();
    expect(screen.getByText("1.50 KB · Contracts")).toBeTruthy();
    expect(screen.getByText("Ready")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Knowledge Base" }).getAttribute("href")).toBe(
      "/control-hub/knowledge-bases/kb1",
    );
    expect((screen.getByLabelText("Customer") as HTMLInputElement).value).toBe("Globex");
    expect(screen.queryByLabelText("Id")).toBeNull();
    expect(screen.queryByRole("button", { name: "Save Changes" })).toBeNull();

    const frame = await screen.findByTitle("Preview of msa.pdf");
    expect(frame.getAttribute("src")).toBe("/api/blob/download?sig=1");
    fireEvent.click(screen.getByRole("button", { name: "Show page 2 for Days" }));
    await waitFor(() =>
      expect(screen.getByTitle("Preview of msa.pdf").getAttribute("src")).toBe("/api/blob/download?sig=1#page=2"),
    );

    fireEvent.change(screen.getByLabelText("Days"), { target: { value: "45" } });
    expect(screen.getByText("You have unsaved changes to the extracted data.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(screen.queryByText("You have unsaved changes to the extracted data.")).toBeNull());
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH")!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({
      kbId: "kb1",
      fileId: "f1",
      extractedData: { id: "x", customer: "Globex", days: 45 },
    });
    expect((screen.getByLabelText("Days") as HTMLInputElement).value).toBe("45");
  });

  it("[KB-52] no extracted data says so", async () => {
    file = { ...file, extractedData: {} };
    renderAt("/control-hub/knowledge-bases/kb1/files/f1/review");
    expect(await screen.findByText("No extracted data available for this file.")).toBeTruthy();
  });

  it("[KB-53] [KB-69] a missing file says so and goes back to the knowledge base", async () => {
    const router = renderAt("/control-hub/knowledge-bases/kb1/files/nope/review");
    await waitFor(() => expect(router.state.location.pathname).toBe("/control-hub/knowledge-bases/kb1"));
    expect(toast.error).toHaveBeenCalledWith("File not found");
  });

  it("[KB-68] a missing knowledge base goes back to the list", async () => {
    const router = renderAt("/control-hub/knowledge-bases/gone/files/f1/review");
    await waitFor(() => expect(router.state.location.pathname).toBe("/control-hub/knowledge-bases"));
    expect(toast.error).toHaveBeenCalledWith("Knowledge base not found");
  });
});
