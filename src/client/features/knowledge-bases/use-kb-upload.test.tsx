// @vitest-environment happy-dom
// Knowledge-base uploads inside the client: checks, presigned URL with the knowledge-base purpose,
// direct PUT with per-file progress, association, min(6, files) at once and the batch's toasts.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";
import { useKbUpload } from "./use-kb-upload";

vi.mock("sonner", () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));
const { toast } = await import("sonner");

const PRESIGN = "/api/upload/presigned?orgId=org_1";
const ASSOCIATE = "/api/kb/files?orgId=org_1";

/** Stands in for XMLHttpRequest: half progress, then (once released) `putStatus` or a network error. */
let putStatus = 200;
let hold: Promise<void> | null = null;
let running = 0;
let peak = 0;
const puts: FakeXhr[] = [];
class FakeXhr {
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  status = 0;
  statusText = "";
  responseText = "";
  method = "";
  url = "";
  headers: Record<string, string> = {};
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send() {
    puts.push(this);
    peak = Math.max(peak, ++running);
    setTimeout(async () => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      if (hold) await hold;
      running--;
      if (putStatus === 0) return this.onerror?.();
      this.status = putStatus;
      this.responseText = putStatus === 200 ? "" : "SignatureDoesNotMatch";
      this.onload?.();
    }, 1);
  }
}

const fetchMock = mockFetch();
const bodiesTo = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === path)
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);
let presignStatus = 200;
let associateStatus = 200;

beforeEach(() => {
  putStatus = 200;
  presignStatus = 200;
  associateStatus = 200;
  hold = null;
  running = 0;
  peak = 0;
  puts.length = 0;
  let n = 0;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  fetchMock.mockImplementation(async (url, init) => {
    if (url === PRESIGN) {
      if (presignStatus !== 200) return json({ error: "nope" }, presignStatus);
      const body = JSON.parse(String(init!.body)) as { filename: string };
      n++;
      return json({
        url: `https://storage.test/put/${n}`,
        method: "PUT",
        headers: { "x-amz-meta-org-id": "org_1" },
        fileId: `file_${n}`,
        key: `org_1/${body.filename}`,
        contentKey: `org_1/${body.filename}.txt`,
        metadata: { orgId: "org_1", userId: "u1" },
      });
    }
    if (url === ASSOCIATE) return associateStatus === 200 ? json({ success: true }) : json({ error: "x" }, 400);
    // The refreshes after the batch.
    return json({ success: true, files: [], knowledgeBases: [] });
  });
});
afterEach(() => {
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.warning).mockClear();
});

const pdf = (name = "Annual report #1.pdf", size = 4) =>
  new File([new Uint8Array(size)], name, { type: "application/pdf" });

describe("useKbUpload", { timeout: 30_000 }, () => {
  it("[KB-31] [KB-32] [KB-64] [FILE-25] presign (knowledge-base purpose, sanitised name), PUT with per-file progress, associate; progress cleared at the end", async () => {
    const { result } = renderHook(() => useKbUpload("org_1", "kb_1"));
    const docx = new File(["PK"], "notes v2.docx", { type: "" });
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    let done!: Promise<void>;
    act(() => void (done = result.current.upload([pdf(), docx])));
    await waitFor(() =>
      expect(result.current.items.map((i) => [i.name, i.progress])).toEqual([
        ["Annual_report_no1.pdf", 50],
        ["notes_v2.docx", 50],
      ]),
    );
    release();
    await act(() => done);

    expect(bodiesTo(PRESIGN)).toEqual([
      { filename: "Annual_report_no1.pdf", contentType: "application/pdf", size: 4, purpose: "knowledge-base" },
      {
        filename: "notes_v2.docx",
        contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        size: 2,
        purpose: "knowledge-base",
      },
    ]);
    expect(puts[0]!.headers).toMatchObject({ "Content-Type": "application/pdf", "x-amz-meta-org-id": "org_1" });
    expect(bodiesTo(ASSOCIATE)).toEqual([
      {
        kbId: "kb_1",
        fileId: "file_1",
        fileName: "Annual_report_no1.pdf",
        fileKey: "org_1/Annual_report_no1.pdf",
        contentKey: "org_1/Annual_report_no1.pdf.txt",
        contentType: "application/pdf",
        fileSize: 4,
      },
      expect.objectContaining({ fileId: "file_2", fileName: "notes_v2.docx" }),
    ]);
    expect(result.current.items).toEqual([]);
    expect(toast.success).toHaveBeenCalledWith("Successfully uploaded 2 file(s) to knowledge base");
  });

  it("[KB-63] eight files upload at most six at a time; three files three at a time", async () => {
    for (const count of [8, 3]) {
      peak = 0;
      const { result } = renderHook(() => useKbUpload("org_1", "kb_1"));
      const files = Array.from({ length: count }, (_, i) => pdf(`f${i}.pdf`));
      await act(() => result.current.upload(files));
      expect(peak).toBe(Math.min(6, count));
    }
  });

  it("[KB-61] [KB-62] oversize and unsupported files are refused with the spec's messages before any request", async () => {
    const { result } = renderHook(() => useKbUpload("org_1", "kb_1"));
    const big = { name: "huge.pdf", size: 250 * 1024 * 1024 + 1, type: "application/pdf" } as File;
    await act(() => result.current.upload([big, new File(["x"], "tool.exe")]));
    expect(toast.error).toHaveBeenCalledWith("huge.pdf is too large. Maximum file size is 250MB.");
    expect(toast.error).toHaveBeenCalledWith("tool.exe is not a supported file type.");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("[KB-65] [KB-66] a storage refusal, a network error, a presign failure and an association failure each say so; the batch warns and confirms the rest", async () => {
    const { result } = renderHook(() => useKbUpload("org_1", "kb_1"));
    putStatus = 403;
    await act(() => result.current.upload([pdf("a.pdf")]));
    expect(toast.error).toHaveBeenCalledWith("Upload failed with status 403: SignatureDoesNotMatch", {
      description: "a.pdf",
    });
    expect(toast.error).toHaveBeenCalledWith("Failed to upload files. Please try again.");

    putStatus = 0;
    await act(() => result.current.upload([pdf("b.pdf")]));
    expect(toast.error).toHaveBeenCalledWith("Upload failed due to network error", { description: "b.pdf" });

    putStatus = 200;
    presignStatus = 500;
    await act(() => result.current.upload([pdf("c.pdf")]));
    expect(toast.error).toHaveBeenCalledWith("Failed to get upload URL", { description: "c.pdf" });

    presignStatus = 200;
    associateStatus = 400;
    await act(() => result.current.upload([pdf("d.pdf")]));
    expect(toast.error).toHaveBeenCalledWith("Failed to associate file with knowledge base", {
      description: "d.pdf",
    });

    // Two of three made it: a warning for the failure, "Uploaded N file(s)" for the rest.
    associateStatus = 200;
    let calls = 0;
    vi.stubGlobal(
      "XMLHttpRequest",
      class extends FakeXhr {
        send() {
          if (++calls === 2) {
            setTimeout(() => this.onerror?.(), 1);
            return;
          }
          super.send();
        }
      },
    );
    await act(() => result.current.upload([pdf("e.pdf"), pdf("f.pdf"), pdf("g.pdf")]));
    expect(toast.warning).toHaveBeenCalledWith("1 file(s) failed to upload");
    expect(toast.success).toHaveBeenCalledWith("Uploaded 2 file(s)");
  });
});
