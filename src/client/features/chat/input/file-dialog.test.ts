// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FILE_DIALOG_CANCEL_MS, watchFileDialog } from "./file-dialog";

describe("watchFileDialog", () => {
  let input: HTMLInputElement;
  beforeEach(() => {
    vi.useFakeTimers();
    input = document.createElement("input");
    input.type = "file";
  });
  afterEach(() => vi.useRealTimers());

  it("[FILE-32] focus back without a choice for 300 ms counts as a cancelled dialog", () => {
    const onClose = vi.fn();
    watchFileDialog(input, onClose);
    window.dispatchEvent(new Event("focus"));
    vi.advanceTimersByTime(FILE_DIALOG_CANCEL_MS - 1);
    expect(onClose).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onClose).toHaveBeenCalledExactlyOnceWith("cancelled");
    expect(FILE_DIALOG_CANCEL_MS).toBe(300);
  });

  it("[FILE-32] a choice arriving within 300 ms of the focus is a choice, reported once", () => {
    const onClose = vi.fn();
    watchFileDialog(input, onClose);
    window.dispatchEvent(new Event("focus"));
    vi.advanceTimersByTime(100);
    input.dispatchEvent(new Event("change"));
    vi.advanceTimersByTime(1000);
    expect(onClose).toHaveBeenCalledExactlyOnceWith("chosen");
  });

  it("a browser's own cancel event closes at once; stopping the watch reports nothing", () => {
    const onClose = vi.fn();
    watchFileDialog(input, onClose);
    input.dispatchEvent(new Event("cancel"));
    expect(onClose).toHaveBeenCalledExactlyOnceWith("cancelled");

    const other = vi.fn();
    const stop = watchFileDialog(input, other);
    stop();
    window.dispatchEvent(new Event("focus"));
    vi.advanceTimersByTime(1000);
    expect(other).not.toHaveBeenCalled();
  });
});
