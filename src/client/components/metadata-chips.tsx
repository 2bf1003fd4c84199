// Public metadata as "key: value" chips, the first N and "+N more" (DASH-30, DASH-31, USER-07),
// in key order (decision 069).
import { Badge } from "@/client/components/ui/badge";
import { firstEntries, metadataEntries, moreLabel } from "@/shared/dashboard/format";

export function MetadataChips({ metadata, max }: { metadata: Record<string, string>; max: number }) {
  const { shown, more } = firstEntries(metadataEntries(metadata), max);
  if (!shown.length) return null;
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map(([k, v]) => (
        <Badge key={k} variant="secondary" className="font-normal">
          {k}: {v}
        </Badge>
      ))}
      {more > 0 && <span className="text-xs text-muted-foreground">{moreLabel(more)}</span>}
    </span>
  );
}
