// The history dialog's five stat tiles (TASK-25, TASK-26).
import type { ExecutionStats } from "@/shared/scheduled-tasks";
import { Skeleton } from "@/client/components/ui/skeleton";
import { formatSuccessRate } from "./task-format";

export function ExecutionStatTiles({ stats }: { stats: ExecutionStats | undefined }) {
  const tiles: [string, string | number | undefined][] = [
    ["Total", stats?.total],
    ["Completed", stats?.completed],
    ["Failed", stats?.failed],
    ["Running", stats?.running],
    ["Success Rate", stats && formatSuccessRate(stats)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
      {tiles.map(([label, value]) => (
        <div key={label} className="grid gap-1 rounded-lg border px-3 py-2" role="group" aria-label={label}>
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">
            {value === undefined ? <Skeleton className="h-6 w-12" /> : value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
