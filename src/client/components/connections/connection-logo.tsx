import { useState } from "react";
import { cn } from "@/client/lib/utils";

/** A provider's or integration's logo; its initial when the image is missing. */
export function ConnectionLogo({ src, name, className }: { src: string; name: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  const box = cn("flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-lg", className);
  if (failed || !src) {
    return (
      <span aria-hidden className={cn(box, "border bg-muted text-sm font-semibold text-muted-foreground")}>
        {name.charAt(0).toUpperCase()}
      </span>
    );
  }
  return (
    <span className={box}>
      <img src={src} alt="" className="size-full object-contain" onError={() => setFailed(true)} />
    </span>
  );
}
