// An image in assistant markdown: ours load in place; a remote one is a link to open it in a new tab,
// so nothing is fetched from another host unless the user asks (security #9, decision 028).
import { ImageIcon } from "lucide-react";
import { classifyImageSource } from "./image-rules";

export function MarkdownImage({ src, alt }: { src?: string; alt?: string }) {
  const source = classifyImageSource(src);
  if (source.kind === "inline")
    return <img src={source.src} alt={alt ?? ""} className="my-2 max-h-96 max-w-full rounded-md" />;
  if (source.kind === "none") return alt ? <span>{alt}</span> : null;
  const label = alt?.trim() || "Image";
  return (
    <a
      href={source.href}
      target="_blank"
      rel="nofollow noopener noreferrer"
      referrerPolicy="no-referrer"
      title={`Not loaded automatically. Opens the image from ${source.host} in a new tab.`}
      data-testid="remote-image"
      className="inline-flex max-w-full items-center gap-1.5 rounded-md border border-dashed px-2 py-1 align-middle text-xs text-muted-foreground no-underline hover:text-foreground"
    >
      <ImageIcon className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">{label}</span>
      <span className="shrink-0 opacity-70">({source.host})</span>
    </a>
  );
}
