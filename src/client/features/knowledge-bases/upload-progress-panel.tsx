// KB-31/32: each file of the running batch with its progress; the panel empties when the batch ends.
import { CheckCircle2, Loader2, XCircle } from "lucide-react";
import type { UploadProgress } from "./use-kb-upload";

export function UploadProgressPanel({ items }: { items: UploadProgress[] }) {
  if (!items.length) return null;
  const done = items.filter((i) => i.status === "done").length;
  return (
    <section aria-label="Upload progress" className="rounded-lg border bg-card p-4">
      <h3 className="mb-3 text-sm font-medium">
        Uploading {items.length} file(s) · {done} done
      </h3>
      <ul className="grid gap-2">
        {items.map((item) => (
          <li key={item.id} className="grid gap-1">
            <div className="flex items-center gap-2 text-sm">
              {item.status === "done" ? (
                <CheckCircle2 className="size-4 text-emerald-600" aria-hidden />
              ) : item.status === "error" ? (
                <XCircle className="size-4 text-destructive" aria-hidden />
              ) : (
                <Loader2 className="size-4 animate-spin text-muted-foreground" aria-hidden />
              )}
              <span className="min-w-0 flex-1 truncate">{item.name}</span>
              <span className="text-xs text-muted-foreground tabular-nums">{item.progress}%</span>
            </div>
            <div
              role="progressbar"
              aria-label={`Uploading ${item.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={item.progress}
              className="h-1.5 overflow-hidden rounded-full bg-muted"
            >
              <div
                className={item.status === "error" ? "h-full bg-destructive" : "h-full bg-primary transition-[width]"}
                style={{ width: `${item.progress}%` }}
              />
            </div>
            {item.error && <p className="text-xs text-destructive">{item.error}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
