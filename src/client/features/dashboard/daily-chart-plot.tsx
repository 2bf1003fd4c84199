// The chart itself (recharts), in its own chunk: conversations as bars on the left axis, tokens as a line on
// the right one, since the two differ by orders of magnitude.
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { DailyFigure } from "@/shared/dashboard/schema";
import { formatCount } from "@/shared/dashboard/format";

const compact = new Intl.NumberFormat("en-US", { notation: "compact" });
/** "2026-11-20" → "Nov 20" without moving it through a time zone. */
const dayLabel = (date: string) => {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
};

export default function DailyChartPlot({ days }: { days: DailyFigure[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" className="stroke-border" vertical={false} />
        <XAxis dataKey="date" tickFormatter={dayLabel} fontSize={12} minTickGap={16} />
        <YAxis yAxisId="conversations" allowDecimals={false} fontSize={12} width={40} />
        <YAxis
          yAxisId="tokens"
          orientation="right"
          tickFormatter={(v: number) => compact.format(v)}
          fontSize={12}
          width={48}
        />
        <Tooltip
          labelFormatter={(label) => dayLabel(String(label))}
          formatter={(value) => formatCount(Number(value))}
          contentStyle={{ fontSize: 12 }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar
          yAxisId="conversations"
          dataKey="conversationCount"
          name="Conversations"
          fill="var(--color-primary)"
          radius={[3, 3, 0, 0]}
        />
        <Line
          yAxisId="tokens"
          dataKey="totalTokens"
          name="Tokens"
          stroke="var(--color-chart-2, #f59e0b)"
          strokeWidth={2}
          dot={false}
          type="monotone"
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
