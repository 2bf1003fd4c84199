// The six stat tiles (DASH-17..19).
import { Coins, MessageSquare, MessagesSquare, Percent, ThumbsUp, Wrench } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import type { DashboardStats } from "@/shared/dashboard/schema";
import { feedbackScore, formatCount } from "@/shared/dashboard/format";
import { Card } from "@/client/components/ui/card";

function Tile({ icon: Icon, label, value, hint }: { icon: LucideIcon; label: string; value: string; hint?: string }) {
  return (
    <Card role="group" aria-label={label} className="flex flex-col gap-1 p-4">
      <span className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon className="size-4" aria-hidden />
        {label}
      </span>
      <span className="text-2xl font-semibold tabular-nums">{value}</span>
      {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
    </Card>
  );
}

export function StatTiles({ stats }: { stats: DashboardStats | undefined }) {
  const n = (v: number | undefined) => (v === undefined ? "…" : formatCount(v));
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      <Tile icon={MessagesSquare} label="Conversations" value={n(stats?.conversationCount)} />
      <Tile icon={MessageSquare} label="Messages" value={n(stats?.messageCount)} />
      <Tile icon={Wrench} label="Tool Calls" value={n(stats?.toolCalls)} />
      <Tile
        icon={Coins}
        label="Tokens"
        value={n(stats?.totalTokens)}
        hint={stats && `${formatCount(stats.inputTokens)} input · ${formatCount(stats.outputTokens)} output`}
      />
      <Tile
        icon={ThumbsUp}
        label="Feedback"
        value={n(stats?.totalFeedback)}
        hint={stats && `${formatCount(stats.totalHelpful)} helpful`}
      />
      <Tile
        icon={Percent}
        label="Feedback Score"
        value={stats ? feedbackScore(stats.totalHelpful, stats.totalFeedback) : "…"}
      />
    </div>
  );
}
