// @vitest-environment happy-dom
// Chat uploads end to end inside the client: checks, presigned URL, direct PUT with progress, extraction.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import { uploadChatFile } from "./upload-file";
import { useAttachments } from "./use-attachments";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";

vi.mock("sonner", () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));
const { toast } = await import("sonner");

/** Stands in for XMLHttpRequest: records the PUT, reports half then full progress, answers `putStatus`. */
let putStatus = 200;
/** When set, uploads pause after reporting half their progress. */
let hold: Promise<void> | null = null;
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
  body: unknown;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.body = body;
    puts.push(this);
    setTimeout(async () => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      if (hold) await hold;
      if (putStatus === 0) return this.onerror?.();
      this.status = putStatus;
      this.responseText = putStatus === 200 ? "" : "denied";
      this.onload?.();
    }, 1);
  }
}

const fetchMock = mockFetch();
const callsTo = (path: string) =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === path)
    .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);
let n = 0;

beforeEach(() => {
  n = 0; // URLs are numbered per test, whatever ran before (the suite runs shuffled)
  putStatus = 200;
  hold = null;
  puts.length = 0;
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  fetchMock.mockImplementation(async (url, init) => {
    const body = JSON.parse(String(init!.body)) as { filename: string; key: string };
    if (url === "/api/upload/presigned?orgId=org_1") {
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
    if (url === "/api/files/extractContent?orgId=org_1")
      return json({ status: "success", contentKey: `${body.key}.txt`, characters: 10, truncated: false });
    throw new Error(`unexpected ${String(url)}`);
  });
});
afterEach(() => {
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.warning).mockClear();
});

describe("useAttachments", () => {
  it("[FILE-25] [FILE-27] [FILE-28] [FILE-30] [FILE-43] [FILE-45] [FILE-46] a PDF and an image: presigned URL, PUT with progress, extraction for the PDF only", async () => {
    const { result } = renderHook(() => useAttachments("org_1"));
    const pdf = new File(["%PDF"], "report #1 final.pdf", { type: "application/pdf" });
    const png = new File(["png"], "chart.png", { type: "image/png" });
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    let done!: Promise<void>;
    act(() => void (done = result.current.add([pdf, png], "picker")));
    expect(result.current.files.map((f) => [f.status, f.progress])).toEqual([
      ["uploading", 0],
      ["uploading", 0],
    ]);
    expect(result.current.uploading).toBe(true);
    await waitFor(() => expect(result.current.files.map((f) => f.progress)).toEqual([50, 50]));
    release();
    await act(() => done);

    expect(callsTo("/api/upload/presigned?orgId=org_1").map((b) => b.filename)).toEqual([
      "report_no1_final.pdf",
      "chart.png",
    ]);
    expect(puts.map((x) => [x.method, x.url])).toEqual([
      ["PUT", "https://storage.test/put/1"],
      ["PUT", "https://storage.test/put/2"],
    ]);
    expect(puts[0]!.headers).toMatchObject({ "Content-Type": "application/pdf", "x-amz-meta-org-id": "org_1" });
    expect(callsTo("/api/files/extractContent?orgId=org_1")).toEqual([
      {
        key: "org_1/report_no1_final.pdf",
        contentKey: "org_1/report_no1_final.pdf.txt",
        contentType: "application/pdf",
        fileName: "report_no1_final.pdf",
      },
    ]);

    expect(result.current.files.map((f) => [f.name, f.status, f.progress])).toEqual([
      ["report_no1_final.pdf", "done", 100],
      ["chart.png", "done", 100],
    ]);
    expect(result.current.uploading).toBe(false);
    expect(result.current.attachments[0]).toEqual({
      name: "report_no1_final.pdf",
      contentType: "application/pdf",
      url: "org_1/report_no1_final.pdf",
      key: "org_1/report_no1_final.pdf",
      contentKey: "org_1/report_no1_final.pdf.txt",
      fileId: "file_1",
      size: 4,
    });
    expect(toast.success).toHaveBeenCalledWith("1 image(s) and 1 document(s) uploaded successfully.");
  });

  it("[FILE-19] [FILE-20] [FILE-24] [FILE-23] oversize and unsupported files are refused before any upload", async () => {
    const { result } = renderHook(() => useAttachments("org_1"));
    const big = new File(["x"], "big.pdf", { type: "application/pdf" });
    Object.defineProperty(big, "size", { value: 50 * 1024 * 1024 + 1 });
    const exe = new File(["x"], "tool.exe");
    await act(() => result.current.add([big, exe], "picker"));
    expect(toast.error).toHaveBeenCalledWith("big.pdf: File is too large. Maximum file size is 50MB.");
    expect(toast.error).toHaveBeenCalledWith("tool.exe is not a supported file type.");
    expect(fetchMock).not.toHaveBeenCalled();
    expect(result.current.files).toEqual([]);
  });

  it("[FILE-26] [FILE-44] a pasted image is named pasted_image_{timestamp}.{ext}", async () => {
    vi.spyOn(Date, "now").mockReturnValue(1_700_000_000_000);
    const { result } = renderHook(() => useAttachments("org_1"));
    await act(() => result.current.add([new File(["x"], "image.png", { type: "image/png" })], "paste"));
    vi.mocked(Date.now).mockRestore();
    expect(result.current.files[0]!.name).toMatch(/^pasted_image_17000000000\d\d\.png$/);
    expect(callsTo("/api/upload/presigned?orgId=org_1")[0]!.filename).toBe(result.current.files[0]!.name);
    expect(toast.success).toHaveBeenCalledWith("Pasted and uploaded 1 image(s).");
  });

  it("[FILE-33] a failed upload toasts the retry message and leaves the list", async () => {
    putStatus = 403;
    const { result } = renderHook(() => useAttachments("org_1"));
    await act(() => result.current.add([new File(["x"], "a.txt", { type: "text/plain" })], "picker"));
    expect(toast.error).toHaveBeenCalledWith("Failed to upload file. Please try again.");
    expect(result.current.files).toEqual([]);
    expect(result.current.attachments).toEqual([]);
  });

  it("[FILE-29] [FILE-39] a failed extraction counts as extraction_failed and warns", async () => {
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init) =>
      url === "/api/files/extractContent?orgId=org_1" && String(init!.body).includes("b.pdf")
        ? json({ status: "error", error: "bad pdf" })
        : base(url, init),
    );
    const { result } = renderHook(() => useAttachments("org_1"));
    await act(() =>
      result.current.add(
        [new File(["x"], "a.pdf", { type: "application/pdf" }), new File(["x"], "b.pdf", { type: "application/pdf" })],
        "picker",
      ),
    );
    expect(toast.warning).toHaveBeenCalledWith("2 file(s) uploaded, but failed to extract content for 1.");
  });
});

describe("uploadChatFile", () => {
  it("[FILE-38] reports Failed to get upload URL, Upload failed with status {code}: {text}, and the network error", async () => {
    const file = () => new File(["x"], "a.txt", { type: "text/plain" });
    fetchMock.mockResolvedValueOnce(json({ error: "nope" }, 500));
    await expect(uploadChatFile("org_1", file(), () => {})).rejects.toThrow("Failed to get upload URL");
    putStatus = 403;
    await expect(uploadChatFile("org_1", file(), () => {})).rejects.toThrow("Upload failed with status 403: denied");
    putStatus = 0;
    await expect(uploadChatFile("org_1", file(), () => {})).rejects.toThrow("Upload failed due to network error.");
  });
});
