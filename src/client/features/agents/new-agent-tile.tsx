// AGENT-13/14: the tile that starts a new agent; members see it greyed out.
import { useId } from "react";
import { Link } from "react-router";
import { Plus } from "lucide-react";
import { ADMIN_REQUIRED_TITLE } from "@/client/components/admin/read-only-notice";
import { cn } from "@/client/lib/utils";

const tile =
  "flex h-full min-h-44 flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed p-4 text-center transition-colors outline-none";

// The tile is named "New Agent" by its visible title; the hint is its description (WCAG 2.5.3: no
// aria-label that would differ from the visible text).
function TileBody({ hint, hintId }: { hint: string; hintId?: string }) {
  return (
    <>
      <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Plus className="size-5" aria-hidden />
      </span>
      <span className="font-medium">New Agent</span>
      <span id={hintId} aria-hidden={hintId ? true : undefined} className="text-xs text-muted-foreground">
        {hint}
      </span>
    </>
  );
}

export function NewAgentTile({ isAdmin }: { isAdmin: boolean }) {
  const hintId = useId();
  if (!isAdmin) {
    return (
      <div
        aria-disabled="true"
        title={ADMIN_REQUIRED_TITLE}
        className={cn(tile, "cursor-not-allowed opacity-50 grayscale")}
      >
        <TileBody hint={ADMIN_REQUIRED_TITLE} />
      </div>
    );
  }
  return (
    <Link
      to="/control-hub/agents/new"
      aria-describedby={hintId}
      className={cn(
        tile,
        "hover:border-primary/50 hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50",
      )}
    >
      <TileBody hint="Create a new AI agent" hintId={hintId} />
    </Link>
  );
}
