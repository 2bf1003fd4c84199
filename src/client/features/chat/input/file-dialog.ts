// Knowing when the file dialog closed (FILE-32). Browsers report a choice with "change" and only some
// report a cancel ("cancel"); the dependable signal is the window regaining focus. A choice's "change"
// follows that focus closely, so 300 ms of focus with neither event means the dialog was cancelled.
export const FILE_DIALOG_CANCEL_MS = 300;

/** Calls onClose once when the dialog opened from `input` closes. Returns a function that stops watching. */
export function watchFileDialog(
  input: HTMLInputElement,
  onClose: (how: "chosen" | "cancelled") => void,
  win: Window = window,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  const stop = () => {
    clearTimeout(timer);
    input.removeEventListener("change", chosen);
    input.removeEventListener("cancel", cancelled);
    win.removeEventListener("focus", focused);
  };
  const finish = (how: "chosen" | "cancelled") => {
    if (done) return;
    done = true;
    stop();
    onClose(how);
  };
  const chosen = () => finish("chosen");
  const cancelled = () => finish("cancelled");
  const focused = () => {
    clearTimeout(timer);
    timer = setTimeout(cancelled, FILE_DIALOG_CANCEL_MS);
  };
  input.addEventListener("change", chosen);
  input.addEventListener("cancel", cancelled);
  win.addEventListener("focus", focused);
  return stop;
}
