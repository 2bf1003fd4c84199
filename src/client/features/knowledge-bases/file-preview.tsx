// The review page's preview (KB-57..60, KB-67): pdf and images inline, Word and Excel rendered to HTML
// here (decision 052), text types as plain text, anything else offers a download. For a PDF, `page`
// opens it at that page (a click on a field's page).
import { useEffect, useState } from "react";
import { Download } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { KB_TEXTS } from "@/shared/knowledge-bases";
import { signedFileUrl } from "./api/kb-storage";
import type { KbFile } from "./files-table-model";
import { canRenderOffice, officeFrameDocument, officeToHtml } from "./office-html";
import { previewKind } from "./review-fields";

type State =
  | { phase: "loading" }
  | { phase: "error"; message: string }
  | { phase: "url"; url: string }
  | { phase: "text"; text: string }
  | { phase: "html"; html: string };

export function FilePreview({
  orgId,
  file,
  page,
  onDownload,
}: {
  orgId: string;
  file: KbFile;
  page: number | null;
  onDownload: () => void;
}) {
  const kind = previewKind(file.fileName, file.contentType);
  const renderable = kind !== "none" && (kind !== "office" || canRenderOffice(file.fileName));
  const [state, setState] = useState<State>({ phase: "loading" });

  useEffect(() => {
    if (!renderable) return;
    let live = true;
    const set = (s: State) => live && setState(s);
    void (async () => {
      let url: string;
      try {
        url = await signedFileUrl(orgId, file.fileKey, { disposition: "inline" });
      } catch {
        set({ phase: "error", message: "Failed to generate preview URL" });
        return;
      }
      if (kind === "pdf" || kind === "image") return set({ phase: "url", url });
      let res: Response;
      try {
        res = await fetch(url);
      } catch {
        return set({ phase: "error", message: "Failed to load file content" });
      }
      if (!res.ok) return set({ phase: "error", message: "Failed to fetch file content" });
      try {
        if (kind === "text") set({ phase: "text", text: await res.text() });
        else set({ phase: "html", html: await officeToHtml(file.fileName, await res.arrayBuffer()) });
      } catch {
        set({
          phase: "error",
          message: kind === "text" ? "Failed to load file content" : "Failed to load file preview",
        });
      }
    })();
    return () => {
      live = false;
    };
  }, [orgId, file.fileKey, file.fileName, kind, renderable]);

  if (!renderable) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center">
        <p className="text-sm text-muted-foreground">{KB_TEXTS.previewNotAvailable}</p>
        <Button variant="outline" onClick={onDownload}>
          <Download aria-hidden />
          Download to View
        </Button>
      </div>
    );
  }
  if (state.phase === "loading")
    return (
      <div className="flex h-full items-center justify-center">
        <Spinner label="Loading preview" />
      </div>
    );
  if (state.phase === "error")
    return (
      <p role="alert" className="p-8 text-center text-sm text-destructive">
        {state.message}
      </p>
    );
  if (state.phase === "text")
    return (
      <pre aria-label="File content" className="h-full overflow-auto p-4 font-mono text-xs whitespace-pre-wrap">
        {state.text}
      </pre>
    );
  if (state.phase === "html")
    return (
      <iframe
        title={`Preview of ${file.fileName}`}
        sandbox=""
        srcDoc={officeFrameDocument(state.html)}
        className="h-full w-full border-0 bg-white"
      />
    );
  if (kind === "image")
    return (
      <div className="flex h-full items-center justify-center overflow-auto p-4">
        <img
          src={state.url}
          alt={file.fileName}
          className="max-h-full max-w-full object-contain"
          onError={() => setState({ phase: "error", message: "Failed to load file preview" })}
        />
      </div>
    );
  // The fragment opens the browser's PDF viewer at the page; the key reloads it when the page changes.
  const src = page ? `${state.url}#page=${page}` : state.url;
  return (
    <iframe
      key={src}
      title={`Preview of ${file.fileName}`}
      src={src}
      className="h-full w-full border-0"
      data-page={page ?? undefined}
    />
  );
}
