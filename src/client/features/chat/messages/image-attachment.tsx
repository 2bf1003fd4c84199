// FILE-01/02/05/06/07/18: an image attachment loads its signed URL on demand, shows at 16:9 or 1:1 and
// enlarges on click.
import { useEffect, useState } from "react";
import { ImageOff } from "lucide-react";
import { Dialog, DialogContent, DialogTitle } from "@/client/components/ui/dialog";
import { cn } from "@/client/lib/utils";
import { imageFailure, previewUrl } from "./download";

/** FILE-05 (chat §9): the image pair's two shapes, a 16:9 preview and a 1:1 thumbnail (Tailwind classes). */
export const IMAGE_RATIOS = { "16:9": "aspect-video w-48", "1:1": "aspect-square w-32" } as const;
export type ImageRatio = keyof typeof IMAGE_RATIOS;

export function ImageAttachment({
  r2Path,
  name,
  ratio = "16:9",
}: {
  r2Path: string;
  name: string;
  ratio?: ImageRatio;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    let live = true;
    previewUrl(r2Path).then(
      (u) => live && setUrl(u),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [r2Path]);

  const frame = cn("overflow-hidden rounded-md border", IMAGE_RATIOS[ratio]);
  if (error) {
    return (
      <span
        title={error}
        className={cn(
          frame,
          "flex flex-col items-center justify-center gap-1 p-2 text-center text-xs text-muted-foreground",
        )}
      >
        <ImageOff className="size-4 shrink-0" aria-hidden />
        <span className="line-clamp-4 [overflow-wrap:anywhere]">{error}</span>
      </span>
    );
  }
  const failed = (src: string) => void imageFailure(src).then(setError);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={cn(frame, "block bg-muted")}
        aria-label={`Open ${name}`}
      >
        {url && <img src={url} alt={name} className="size-full object-cover" onError={() => failed(url)} />}
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-3xl">
          <DialogTitle className="truncate text-sm">{name}</DialogTitle>
          {url && <img src={url} alt={name} className="max-h-[75svh] w-full object-contain" />}
        </DialogContent>
      </Dialog>
    </>
  );
}
