// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { TooltipProvider } from "@/client/components/ui/tooltip";
import { ChatInput } from "./chat-input";
import type { PendingFile, useAttachments } from "./use-attachments";

vi.mock("sonner", () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));
const { toast } = await import("sonner");

type Files = ReturnType<typeof useAttachments>;
const noFiles = (over: Partial<Files> = {}): Files => ({
  files: [],
  add: vi.fn(async () => {}),
  remove: vi.fn(),
  clear: vi.fn(),
  uploading: false,
  attachments: [],
  ...over,
});

function renderInput(over: Partial<Parameters<typeof ChatInput>[0]> = {}) {
  const props = {
    value: "",
    onChange: vi.fn(),
    onSend: vi.fn(),
    onStop: vi.fn(),
    agentName: "Atlas",
    processing: false,
    loading: false,
    files: noFiles(),
    ...over,
  };
  render(
    <TooltipProvider>
      <ChatInput {...props} />
    </TooltipProvider>,
  );
  return props;
}
const textbox = () => screen.getByRole("textbox", { name: "Message" });
const form = () => textbox().closest("form")!;

afterEach(() => {
  cleanup();
  vi.mocked(toast.error).mockClear();
});

describe("ChatInput", () => {
  it("[INPUT-01] [INPUT-02] the placeholder names the agent, else AI", () => {
    renderInput();
    expect(textbox()).toHaveProperty("placeholder", "Message Atlas... (or drag & drop files)");
    cleanup();
    renderInput({ agentName: undefined });
    expect(textbox()).toHaveProperty("placeholder", "Message AI... (or drag & drop files)");
  });

  it("[INPUT-03] the attach button's tooltip", async () => {
    renderInput();
    fireEvent.focus(screen.getByRole("button", { name: "Attach files (or drag & drop)" }));
    expect((await screen.findByRole("tooltip")).textContent).toBe("Attach files (or drag & drop)");
  });

  it("[INPUT-09] [INPUT-10] [INPUT-11] Enter sends; Shift+Enter and composition do not", () => {
    const props = renderInput({ value: "hello" });
    fireEvent.keyDown(textbox(), { key: "Enter", shiftKey: true });
    fireEvent.keyDown(textbox(), { key: "Enter", isComposing: true });
    fireEvent.keyDown(textbox(), { key: "Enter", keyCode: 229 });
    expect(props.onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(textbox(), { key: "Enter" });
    expect(props.onSend).toHaveBeenCalledOnce();
  });

  it("[INPUT-12] under 600 px wide the textarea loses focus after sending", () => {
    const width = window.innerWidth;
    Object.defineProperty(window, "innerWidth", { configurable: true, value: 599 });
    try {
      renderInput({ value: "hello" });
      textbox().focus();
      expect(document.activeElement).toBe(textbox());
      fireEvent.keyDown(textbox(), { key: "Enter" });
      expect(document.activeElement).not.toBe(textbox());
    } finally {
      Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
    }
  });

  it("[INPUT-13] [INPUT-14] the textarea is at least 60 px high inside an area capped at max-h-60", () => {
    renderInput();
    expect(textbox().className).toContain("min-h-[60px]");
    expect(textbox().closest(".max-h-60")).not.toBeNull();
  });

  it("[INPUT-04] [INPUT-05] [INPUT-06] [INPUT-15] [INPUT-17] the send button: Send message, Send files, Stop generation", () => {
    renderInput();
    expect(screen.getByRole("button", { name: "Send message" })).toHaveProperty("disabled", true);
    cleanup();
    const attachment = { name: "a.pdf", contentType: "application/pdf", url: "k" };
    const withFile = renderInput({ files: noFiles({ attachments: [attachment] }) });
    fireEvent.click(screen.getByRole("button", { name: "Send files" }));
    expect(withFile.onSend).toHaveBeenCalledOnce();
    cleanup();
    const busy = renderInput({ value: "hi", processing: true });
    fireEvent.click(screen.getByRole("button", { name: "Stop generation" }));
    expect(busy.onStop).toHaveBeenCalledOnce();
    expect(busy.onSend).not.toHaveBeenCalled();
  });

  it("[INPUT-16] nothing is sent while a file uploads or the agents load", () => {
    const uploading = renderInput({ value: "hi", files: noFiles({ uploading: true }) });
    fireEvent.keyDown(textbox(), { key: "Enter" });
    expect(screen.getByRole("button", { name: "Send message" })).toHaveProperty("disabled", true);
    expect(uploading.onSend).not.toHaveBeenCalled();
    cleanup();
    const loading = renderInput({ value: "hi", loading: true });
    fireEvent.keyDown(textbox(), { key: "Enter" });
    expect(loading.onSend).not.toHaveBeenCalled();
  });

  it("[FILE-28] [FILE-29] files on their way show progress and can be removed", () => {
    const pending: PendingFile[] = [
      { id: "f1", name: "report.pdf", size: 10, isImage: false, progress: 40, status: "uploading" },
      { id: "f2", name: "chart.png", size: 10, isImage: true, progress: 100, status: "done" },
    ];
    const files = noFiles({ files: pending, uploading: true });
    renderInput({ files });
    const list = screen.getByRole("list", { name: "Attached files" });
    expect(list.textContent).toContain("report.pdf");
    expect(screen.getByRole("progressbar", { name: "Uploading report.pdf" }).getAttribute("aria-valuenow")).toBe("40");
    expect(screen.queryByRole("progressbar", { name: "Uploading chart.png" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Remove chart.png" }));
    expect(files.remove).toHaveBeenCalledWith("f2");
  });

  it("[INPUT-07] [INPUT-08] [FILE-31] dragging shows Drop files here, or Unsupported file type, and clears on drop", () => {
    renderInput();
    fireEvent.dragOver(form(), { dataTransfer: { items: [{ kind: "file", type: "application/pdf" }], files: [] } });
    expect(screen.getByText("Drop files here")).toBeTruthy();
    expect(screen.getByText("Images, documents, spreadsheets supported")).toBeTruthy();
    fireEvent.dragOver(form(), {
      dataTransfer: { items: [{ kind: "file", type: "application/x-msdownload" }], files: [] },
    });
    expect(screen.getByText("Unsupported file type")).toBeTruthy();
    expect(screen.queryByText("Drop files here")).toBeNull();
    fireEvent.drop(form(), { dataTransfer: { items: [], files: [] } });
    expect(screen.queryByText("Unsupported file type")).toBeNull();
  });

  it("[FILE-23] [FILE-34] dropped files: unsupported ones are refused by name; a failure toasts Failed to process dropped files", async () => {
    const add = vi.fn(async () => {
      throw new Error("boom");
    });
    renderInput({ files: noFiles({ add }) });
    const ok = new File(["x"], "notes.txt", { type: "text/plain" });
    const bad = new File(["x"], "tool.exe", { type: "application/octet-stream" });
    fireEvent.drop(form(), { dataTransfer: { items: [], files: [ok, bad] } });
    expect(toast.error).toHaveBeenCalledWith("tool.exe is not a supported file type.");
    expect(add).toHaveBeenCalledWith([ok], "drop");
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to process dropped files"));
  });

  it("[FILE-26] [FILE-37] pasted images upload as pastes; a failed paste toasts the retry message", async () => {
    const add = vi.fn(async () => {
      throw new Error("boom");
    });
    renderInput({ files: noFiles({ add }) });
    const image = new File(["x"], "image.png", { type: "image/png" });
    fireEvent.paste(textbox(), { clipboardData: { files: [image] } });
    expect(add).toHaveBeenCalledWith([image], "paste");
    await vi.waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to upload pasted content. Please try again."),
    );
  });

  it("[FILE-21] [FILE-22] the picker offers the chat types plus yaml and yml", () => {
    renderInput();
    const accept = screen.getByTestId("chat-file-input").getAttribute("accept")!.split(",");
    for (const ext of [
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
      "yaml",
      "yml",
    ]) {
      expect(accept).toContain(`.${ext}`);
    }
  });
});
