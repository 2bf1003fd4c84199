// @vitest-environment happy-dom
// The download button (chat spec §4 "Download button", §7 presigned_download, §8 download texts).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { DOWNLOAD_FLASH_MS, DownloadButton } from "./download-button";
import { AUTH_FETCH_REQUIRED, downloadFile, type AuthenticatedFetch } from "./download";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";

// The real download, spied on so one test can make it fail without a message.
vi.mock("./download", async (importActual) => {
  const actual = await importActual<{ downloadFile: typeof downloadFile }>();
  return { ...actual, downloadFile: vi.fn(actual.downloadFile) };
});

const fetchMock = mockFetch();
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, "assign").mockImplementation(assign);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const button = () => screen.getByRole("button");
/** Lets the pending fetch and state updates settle under fake timers. */
const settle = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));

describe("DownloadButton", () => {
  it("[FILE-12] idle, then Downloading..., then Downloaded! for 2000 ms, then idle again", async () => {
    vi.useFakeTimers();
    let answer!: (r: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    render(<DownloadButton r2Path="org/o/uploads/f/report.pdf" filename="report.pdf" />);
    expect(button().textContent).toBe("Download");

    fireEvent.click(button());
    await settle();
    expect(button().textContent).toBe("Downloading...");
    expect((button() as HTMLButtonElement).disabled).toBe(true);

    await act(async () => answer(json({ signedUrl: "https://files.example/report.pdf?sig=1" })));
    await settle();
    expect(button().textContent).toBe("Downloaded!");
    expect(DOWNLOAD_FLASH_MS).toBe(2000);

    await act(async () => void (await vi.advanceTimersByTimeAsync(1999)));
    expect(button().textContent).toBe("Downloaded!");
    await act(async () => void (await vi.advanceTimersByTimeAsync(1)));
    expect(button().textContent).toBe("Download");
  });

  it("[FILE-14] a download asks presigned_download for the path and name, then navigates to the signed URL", async () => {
    fetchMock.mockResolvedValueOnce(json({ signedUrl: "https://files.example/report.pdf?sig=1" }));
    render(<DownloadButton r2Path="org/o/uploads/f/report.pdf" filename="report.pdf" />);
    fireEvent.click(button());
    await screen.findByText("Downloaded!");

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/files/presigned_download");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("Authorization")).toBe("Bearer tok");
    expect(JSON.parse(String(init?.body))).toEqual({ r2Path: "org/o/uploads/f/report.pdf", filename: "report.pdf" });
    expect(assign).toHaveBeenCalledExactlyOnceWith("https://files.example/report.pdf?sig=1");
  });

  it("[FILE-16] [FILE-12] a failed download shows Error: Failed to download file under the button", async () => {
    vi.mocked(downloadFile).mockRejectedValueOnce(new Error(""));
    render(<DownloadButton r2Path="a/b.pdf" filename="b.pdf" />);
    fireEvent.click(button());
    const line = await screen.findByText("Error: Failed to download file");
    // Under the button, not inside it; the button is usable again.
    expect(button().contains(line)).toBe(false);
    expect(button().compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(button().textContent).toBe("Download");
    expect(assign).not.toHaveBeenCalled();
  });

  it("[FILE-17] a failed request names its HTTP status; an answer without a URL says Signed URL not found in API response", async () => {
    fetchMock.mockResolvedValueOnce(json({ error: "nope" }, 500));
    render(<DownloadButton r2Path="a/b.pdf" filename="b.pdf" />);
    fireEvent.click(button());
    expect(await screen.findByText("Error: HTTP error! status: 500")).toBeTruthy();

    fetchMock.mockResolvedValueOnce(json({}));
    fireEvent.click(button());
    expect(await screen.findByText("Error: Signed URL not found in API response")).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it("[FILE-17] without an authenticated fetch function the download stops with An authenticated fetch function must be provided.", async () => {
    const { downloadFile: realDownload } = await vi.importActual<{ downloadFile: typeof downloadFile }>("./download");
    // Straight from the helper: nothing is asked for, nowhere is navigated to.
    await expect(realDownload("a/b.pdf", "b.pdf", null)).rejects.toThrow(
      new Error("An authenticated fetch function must be provided."),
    );
    expect(AUTH_FETCH_REQUIRED).toBe("An authenticated fetch function must be provided.");

    // And under the button, as every download error is.
    vi.mocked(downloadFile).mockImplementationOnce((r2Path, filename) => realDownload(r2Path, filename, null));
    render(<DownloadButton r2Path="a/b.pdf" filename="b.pdf" />);
    fireEvent.click(button());
    expect(await screen.findByText("Error: An authenticated fetch function must be provided.")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    expect(button().textContent).toBe("Download");
  });

  it("[FILE-17] a caller's own authenticated fetch function is the one that asks for the signed URL", async () => {
    const { downloadFile: realDownload } = await vi.importActual<{ downloadFile: typeof downloadFile }>("./download");
    const own = vi.fn(async () => ({ signedUrl: "https://files.example/own" })) as unknown as AuthenticatedFetch;
    await realDownload("a/b.pdf", "b.pdf", own);
    expect(own).toHaveBeenCalledExactlyOnceWith("/api/files/presigned_download", {
      method: "POST",
      body: { r2Path: "a/b.pdf", filename: "b.pdf" },
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledExactlyOnceWith("https://files.example/own");
  });

  it("[FILE-13] a new reset key returns the button to idle", async () => {
    fetchMock.mockResolvedValueOnce(json({}, 404));
    const { rerender } = render(<DownloadButton r2Path="a/b.pdf" filename="b.pdf" resetKey={1} />);
    fireEvent.click(button());
    expect(await screen.findByText("Error: HTTP error! status: 404")).toBeTruthy();

    rerender(<DownloadButton r2Path="a/b.pdf" filename="b.pdf" resetKey={1} />);
    expect(screen.getByText("Error: HTTP error! status: 404")).toBeTruthy();
    rerender(<DownloadButton r2Path="a/b.pdf" filename="b.pdf" resetKey={2} />);
    expect(screen.queryByText(/^Error:/)).toBeNull();
    expect(button().textContent).toBe("Download");

    // Downloaded! also gives way to a new key before its 2 seconds are up.
    fetchMock.mockResolvedValueOnce(json({ signedUrl: "https://files.example/b.pdf" }));
    fireEvent.click(button());
    await screen.findByText("Downloaded!");
    rerender(<DownloadButton r2Path="a/b.pdf" filename="b.pdf" resetKey={3} />);
    expect(button().textContent).toBe("Download");
  });
});
