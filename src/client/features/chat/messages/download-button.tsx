// FILE-12/13/16: idle → Downloading... → Downloaded! for 2 s, or an error line under the button.
import { useEffect, useState } from "react";
import { Check, Download, Loader2 } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { downloadFile } from "./download";

export const DOWNLOAD_FLASH_MS = 2000;
type State = { kind: "idle" } | { kind: "loading" } | { kind: "done" } | { kind: "error"; message: string };

export function DownloadButton({
  r2Path,
  filename,
  resetKey,
  label = "Download",
}: {
  r2Path?: string;
  filename?: string;
  resetKey?: unknown;
  label?: string;
}) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const [lastKey, setLastKey] = useState(resetKey);
  if (lastKey !== resetKey) {
    setLastKey(resetKey);
    setState({ kind: "idle" });
  }
  useEffect(() => {
    if (state.kind !== "done") return;
    const t = setTimeout(() => setState({ kind: "idle" }), DOWNLOAD_FLASH_MS);
    return () => clearTimeout(t);
  }, [state.kind]);

  const run = async () => {
    setState({ kind: "loading" });
    try {
      await downloadFile(r2Path, filename);
      setState({ kind: "done" });
    } catch (err) {
      setState({ kind: "error", message: (err as Error).message || "Failed to download file" });
    }
  };

  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button type="button" size="sm" variant="outline" disabled={state.kind === "loading"} onClick={() => void run()}>
        {state.kind === "loading" ? (
          <Loader2 className="animate-spin" aria-hidden />
        ) : state.kind === "done" ? (
          <Check aria-hidden />
        ) : (
          <Download aria-hidden />
        )}
        {state.kind === "loading" ? "Downloading..." : state.kind === "done" ? "Downloaded!" : label}
      </Button>
      {state.kind === "error" && <span className="text-xs text-destructive">Error: {state.message}</span>}
    </span>
  );
}
