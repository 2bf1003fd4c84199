// FILE-01/02/06/07: an image attachment loads its signed URL on demand, shows at 16:9 and enlarges on click.
import { useEffect, useState } from "react";
import { ImageOff } from "lucide-react";
import { Dialog, DialogContent, DialogTitle } from "@/client/components/ui/dialog";
import { previewUrl } from "./download";

export function ImageAttachment({ r2Path, name }: { r2Path: string; name: string }) {
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

  if (error) {
    return (
      <span className="flex aspect-video w-48 items-center justify-center gap-1 rounded-md border text-xs text-muted-foreground" title={error}>
        <ImageOff className="size-4" aria-hidden /> Failed to load image
      </span>
    );
  }
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className="block aspect-video w-48 overflow-hidden rounded-md border bg-muted" aria-label={`Open ${name}`}>
        {url && <img src={url} alt={name} className="size-full object-cover" onError={() => setError("Failed to load image")} />}
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
