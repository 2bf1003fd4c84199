// The chat input area (chat spec §2 "Chat input area"): textarea, attach, send/stop, drag and drop,
// paste, and the files on their way.
import { useRef, useState, type ClipboardEvent, type DragEvent, type FormEvent, type KeyboardEvent } from "react";
import { ArrowUp, FileText, Loader2, Paperclip, Square, Upload, X } from "lucide-react";
import { toast } from "sonner";
import { CHAT_ACCEPTED_EXTENSIONS, checkChatFile } from "@/shared/files/rules";
import { Button } from "@/client/components/ui/button";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/client/components/ui/tooltip";
import { cn } from "@/client/lib/utils";
import { BLUR_AFTER_SEND_BELOW_PX, canSend, inputPlaceholder, isSendKey, sendTooltip } from "../chat-status";
import { watchFileDialog } from "./file-dialog";
import type { useAttachments } from "./use-attachments";

const ACCEPT = CHAT_ACCEPTED_EXTENSIONS.map((e) => `.${e}`).join(",");
type DragState = "idle" | "accepted" | "rejected";

export function ChatInput(props: {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  onStop: () => void;
  agentName: string | undefined;
  processing: boolean;
  loading: boolean;
  files: ReturnType<typeof useAttachments>;
}) {
  const { value, onChange, files, processing } = props;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [drag, setDrag] = useState<DragState>("idle");
  /** The file dialog is open: the attach button waits for it to close (FILE-32). */
  const [choosing, setChoosing] = useState(false);
  const openPicker = () => {
    const input = picker.current;
    if (!input) return;
    setChoosing(true);
    watchFileDialog(input, () => setChoosing(false));
    input.click();
  };
  const sendable = canSend({
    text: value,
    fileCount: files.attachments.length,
    uploading: files.uploading,
    loading: props.loading,
    processing,
  });

  const send = (e?: FormEvent) => {
    e?.preventDefault();
    if (processing) return props.onStop();
    if (!sendable) return;
    props.onSend();
    if (window.innerWidth < BLUR_AFTER_SEND_BELOW_PX) textarea.current?.blur();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!isSendKey({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing, keyCode: e.keyCode }))
      return;
    e.preventDefault();
    if (!processing) send();
  };

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const images = [...e.clipboardData.files].filter((f) => f.type.startsWith("image/"));
    if (!images.length) return;
    e.preventDefault();
    files.add(images, "paste").catch(() => toast.error("Failed to upload pasted content. Please try again."));
  };

  // FILE-31: the drag is active, then accepted or rejected by the types it carries.
  const onDragOver = (e: DragEvent) => {
    e.preventDefault();
    const items = [...e.dataTransfer.items].filter((i) => i.kind === "file");
    const rejected = items.some(
      (i) =>
        i.type &&
        !i.type.startsWith("image/") &&
        !/pdf|text|json|xml|csv|word|excel|sheet|officedocument|yaml|html|markdown/.test(i.type),
    );
    setDrag(rejected ? "rejected" : "accepted");
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDrag("idle");
    try {
      const dropped = [...e.dataTransfer.files];
      const unsupported = dropped.filter((f) => !checkChatFile({ name: f.name, size: 0 }).ok);
      unsupported.forEach((f) => toast.error(`${f.name} is not a supported file type.`));
      const rest = dropped.filter((f) => !unsupported.includes(f));
      if (rest.length) files.add(rest, "drop").catch(() => toast.error("Failed to process dropped files"));
    } catch {
      toast.error("Failed to process dropped files");
    }
  };

  return (
    <form
      onSubmit={send}
      onDragOver={onDragOver}
      onDragLeave={(e) => !e.currentTarget.contains(e.relatedTarget as Node) && setDrag("idle")}
      onDrop={onDrop}
      className="relative mx-auto w-full max-w-3xl"
    >
      {drag !== "idle" && (
        <div
          className={cn(
            "absolute inset-0 z-10 flex flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed bg-background/95 text-sm",
            drag === "rejected" ? "border-destructive text-destructive" : "border-primary",
          )}
        >
          <Upload className="size-5" aria-hidden />
          {drag === "rejected" ? (
            <p className="font-medium">Unsupported file type</p>
          ) : (
            <>
              <p className="font-medium">Drop files here</p>
              <p className="text-xs text-muted-foreground">Images, documents, spreadsheets supported</p>
            </>
          )}
        </div>
      )}
      <div className="flex max-h-60 flex-col gap-2 rounded-xl border bg-background p-2 shadow-sm focus-within:ring-[3px] focus-within:ring-ring/30">
        {files.files.length > 0 && (
          <ul aria-label="Attached files" className="flex flex-wrap gap-2">
            {files.files.map((f) => (
              <li
                key={f.id}
                className="flex max-w-56 items-center gap-2 rounded-md border bg-muted/50 px-2 py-1 text-xs"
              >
                {f.status === "uploading" ? (
                  <Loader2 className="size-3.5 animate-spin" aria-hidden />
                ) : (
                  <FileText className="size-3.5" aria-hidden />
                )}
                <span className="truncate">{f.name}</span>
                {f.status === "uploading" && (
                  <span
                    role="progressbar"
                    aria-label={`Uploading ${f.name}`}
                    aria-valuenow={f.progress}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    className="tabular-nums text-muted-foreground"
                  >
                    {f.progress}%
                  </span>
                )}
                <button
                  type="button"
                  aria-label={`Remove ${f.name}`}
                  onClick={() => files.remove(f.id)}
                  className="rounded p-0.5 hover:bg-accent"
                >
                  <X className="size-3" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        )}
        <textarea
          ref={textarea}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          placeholder={inputPlaceholder(props.agentName)}
          aria-label="Message"
          rows={2}
          className="min-h-[60px] w-full flex-1 resize-none overflow-y-auto bg-transparent px-2 py-1 text-sm outline-none placeholder:text-muted-foreground"
        />
        <div className="flex items-center justify-between">
          <Tooltip>
            <TooltipTrigger asChild>
              <Button
                type="button"
                variant="ghost"
                size="icon-sm"
                aria-label="Attach files (or drag & drop)"
                aria-busy={choosing}
                disabled={choosing}
                onClick={openPicker}
              >
                <Paperclip aria-hidden />
              </Button>
            </TooltipTrigger>
            <TooltipContent>Attach files (or drag & drop)</TooltipContent>
          </Tooltip>
          <input
            ref={picker}
            type="file"
            multiple
            accept={ACCEPT}
            className="hidden"
            data-testid="chat-file-input"
            onChange={(e) => {
              const chosen = [...(e.target.files ?? [])];
              e.target.value = "";
              if (chosen.length)
                files.add(chosen, "picker").catch(() => toast.error("Failed to upload file. Please try again."));
            }}
          />
          <Tooltip>
            <TooltipTrigger asChild>
              <Button
                type="submit"
                size="icon-sm"
                variant={processing ? "outline" : "default"}
                aria-label={sendTooltip({ processing, text: value, fileCount: files.attachments.length })}
                disabled={!processing && !sendable}
              >
                {processing ? <Square className="fill-current" aria-hidden /> : <ArrowUp aria-hidden />}
              </Button>
            </TooltipTrigger>
            <TooltipContent>
              {sendTooltip({ processing, text: value, fileCount: files.attachments.length })}
            </TooltipContent>
          </Tooltip>
        </div>
      </div>
    </form>
  );
}
