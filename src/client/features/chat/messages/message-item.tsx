// One message (chat spec §2 "Message display"): user right, assistant left with its agent's logo;
// every part type; Copy after processing; Processing... and [Empty Message].
import { memo, useState } from "react";
import { Copy, FileText, Pencil, RefreshCw } from "lucide-react";
import { toast } from "sonner";
import type { Attachment, UIMessage } from "@ai-sdk/ui-utils";
import { AgentLogo } from "@/client/components/agents/agent-logo";
import { Button } from "@/client/components/ui/button";
import { formatKb, isImageFile } from "@/shared/files/rules";
import { DownloadButton } from "./download-button";
import { openInNewTab } from "./download";
import { ImageAttachment } from "./image-attachment";
import { InterruptedNotice, isInterrupted } from "./interrupted-notice";
import type { GeneratedFile } from "./link-rules";
import { Markdown } from "./markdown";
import { ToolCard } from "./tool-card";
import { isWebUrl } from "./tool-views/result-link";

export interface MessageAgent {
  name: string;
  logoUrl?: string | null;
}

type Part = UIMessage["parts"][number];

/** Files produced by tools in this message: downloadable links name them (MSG-21, TOOLCARD-24). */
function generatedFiles(message: UIMessage): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  for (const p of message.parts) {
    if (p.type !== "tool-invocation" || p.toolInvocation.state !== "result") continue;
    const files = (p.toolInvocation.result as { files?: unknown } | undefined)?.files;
    if (Array.isArray(files))
      for (const f of files) if (f && typeof f === "object" && "r2_path" in f) out.push(f as GeneratedFile);
  }
  return out;
}

export const messageText = (m: UIMessage) =>
  m.parts
    .filter((p): p is Extract<Part, { type: "text" }> => p.type === "text")
    .map((p) => p.text)
    .join("\n\n");

function PartView({ part, generated }: { part: Part; generated: GeneratedFile[] }) {
  switch (part.type) {
    case "text":
      return <Markdown text={part.text} generated={generated} />;
    case "tool-invocation":
      return <ToolCard invocation={part.toolInvocation} />;
    case "reasoning":
      return <p className="text-sm whitespace-pre-wrap text-muted-foreground italic">{part.reasoning}</p>;
    case "source": {
      const { url, title } = part.source;
      // A source URL comes from the provider's output: only web addresses become links (issue 10 #11's shape).
      if (!isWebUrl(url))
        return <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{title || url}</p>;
      return (
        <a
          href={url}
          target="_blank"
          rel="nofollow noopener noreferrer"
          className="block text-xs text-primary underline"
        >
          {title || url}
        </a>
      );
    }
    case "step-start":
      return null;
    default:
      return <p className="text-xs text-muted-foreground">[Unsupported part: {(part as { type: string }).type}]</p>;
  }
}

function hasContent(m: UIMessage) {
  return (
    m.parts.some((p) => (p.type === "text" ? p.text.trim() !== "" : p.type !== "step-start")) ||
    (m.experimental_attachments?.length ?? 0) > 0
  );
}

const fileOf = (a: Attachment) => {
  const key = (a as { key?: string }).key ?? a.url;
  return { key, name: a.name ?? key.split("/").pop() ?? "file" };
};

function Attachments({ items }: { items: Attachment[] }) {
  // FILE-05: a lone image gets the wide 16:9 preview; two or more sit side by side as 1:1 thumbnails.
  const images = items.filter((a) => isImageFile(fileOf(a).name, a.contentType)).length;
  const ratio = images > 1 ? "1:1" : "16:9";
  return (
    <ul aria-label="Attachments" className="flex flex-wrap justify-end gap-2">
      {items.map((a, i) => {
        const { key, name } = fileOf(a);
        const size = (a as { size?: unknown }).size; // set by our uploads; older messages may lack it
        const image = isImageFile(name, a.contentType);
        // A file's chip and its Download button share one row of one height, so a list of files lines up.
        return (
          <li key={`${key}-${i}`} className={image ? "flex flex-col items-end gap-1" : "flex items-start gap-2"}>
            {image ? (
              <ImageAttachment r2Path={key} name={name} ratio={ratio} />
            ) : (
              <span className="flex h-8 items-center gap-2 rounded-md border bg-background px-2 text-xs">
                <FileText className="size-4" aria-hidden />
                <button
                  type="button"
                  className="max-w-48 truncate underline-offset-2 hover:underline"
                  title={`Open ${name} in a new tab`}
                  onClick={() => void openInNewTab(key).catch(() => toast.error("Failed to open file."))}
                >
                  {name}
                </button>
                <span className="text-muted-foreground">{a.contentType}</span>
                {typeof size === "number" && <span className="text-muted-foreground">{formatKb(size)}</span>}
              </span>
            )}
            <DownloadButton r2Path={key} filename={name} />
          </li>
        );
      })}
    </ul>
  );
}

/** A user's message, right-aligned; Edit turns it into a box whose Send replaces it and what followed. */
function UserMessage({
  message,
  empty,
  processingHere,
  onEdit,
}: {
  message: UIMessage;
  empty: boolean;
  processingHere: boolean;
  onEdit?: (messageId: string, text: string) => void;
}) {
  const text = messageText(message);
  const [draft, setDraft] = useState<string | null>(null);
  const editing = draft !== null && !!onEdit;
  return (
    <li className="flex flex-col items-end gap-2" data-role="user">
      {message.experimental_attachments?.length ? <Attachments items={message.experimental_attachments} /> : null}
      {editing ? (
        <form
          className="flex w-full max-w-[85%] flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            if (!draft.trim()) return;
            onEdit(message.id, draft.trim());
            setDraft(null);
          }}
        >
          <textarea
            aria-label="Edit message"
            className="min-h-20 w-full rounded-md border bg-background px-3 py-2 text-sm"
            value={draft}
            autoFocus
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => e.key === "Escape" && setDraft(null)}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" size="sm" onClick={() => setDraft(null)}>
              Cancel
            </Button>
            <Button type="submit" size="sm" disabled={!draft.trim()}>
              Send
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">Sending replaces this message and everything after it.</p>
        </form>
      ) : (
        (text.trim() || empty) && (
          <div className="max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-3.5 py-2 text-sm whitespace-pre-wrap text-primary-foreground [overflow-wrap:anywhere]">
            {empty ? (processingHere ? "Processing..." : "[Empty Message]") : text}
          </div>
        )
      )}
      {onEdit && !editing && text.trim() && (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-7 px-2 text-xs text-muted-foreground"
          onClick={() => setDraft(text)}
        >
          <Pencil aria-hidden />
          Edit
        </Button>
      )}
    </li>
  );
}

export const MessageItem = memo(function MessageItem({
  message,
  agent,
  isLast,
  isProcessing,
  onRetry,
  onEdit,
}: {
  message: UIMessage;
  agent: MessageAgent | undefined;
  isLast: boolean;
  isProcessing: boolean;
  /** Generates this reply again; given only where that is possible (the last reply, nothing running). */
  onRetry?: () => void;
  /** Edit and resend this user message (decision 090); not given while a reply runs. */
  onEdit?: (messageId: string, text: string) => void;
}) {
  if (message.role === "system") return null; // MSG-10
  const processingHere = isLast && isProcessing;
  const empty = !hasContent(message);
  if (message.role === "user")
    return <UserMessage message={message} empty={empty} processingHere={processingHere} onEdit={onEdit} />;
  const generated = generatedFiles(message);
  return (
    <li className="flex items-start gap-3" data-role="assistant">
      <AgentLogo url={agent?.logoUrl} className="mt-0.5 size-8" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {empty ? (
          <p className="text-sm text-muted-foreground">{processingHere ? "Processing..." : "[Empty Message]"}</p>
        ) : (
          message.parts.map((part, i) => <PartView key={i} part={part} generated={generated} />)
        )}
        {isInterrupted(message) && <InterruptedNotice onRetry={onRetry} />}
        <div className="flex gap-1">
          {!processingHere && !empty && messageText(message).trim() && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-xs text-muted-foreground"
              onClick={() =>
                navigator.clipboard.writeText(messageText(message)).then(() => toast.success("Copied to clipboard!"))
              }
            >
              <Copy aria-hidden />
              Copy
            </Button>
          )}
          {/* An interrupted reply offers Retry in its notice instead. */}
          {onRetry && !processingHere && !isInterrupted(message) && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="h-7 px-2 text-xs text-muted-foreground"
              onClick={onRetry}
            >
              <RefreshCw aria-hidden />
              Regenerate
            </Button>
          )}
        </div>
      </div>
    </li>
  );
});
