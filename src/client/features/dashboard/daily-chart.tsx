// Conversations and tokens per day over the filter's range (decision 084). The chart library is loaded
// only when the dashboard shows a chart; the same figures are in a table for screen readers.
import { lazy, Suspense } from "react";
import type { DailyFigures } from "@/shared/dashboard/schema";
import type { HttpError } from "@/client/lib/api";
import { errorMessage } from "@/client/lib/api";
import { formatCount } from "@/shared/dashboard/format";
import { Card } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";

const DailyChartPlot = lazy(() => import("./daily-chart-plot"));
export const CHART_TITLE = "Conversations and tokens per day";

export function DailyChart({ data, error }: { data: DailyFigures | undefined; error: HttpError | undefined }) {
  return (
    <Card className="flex flex-col gap-3 p-4">
      <h2 id="daily-chart-title" className="text-lg font-semibold">
        Activity per day
      </h2>
      {error && !data ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(error, "Failed to load daily figures")}
        </p>
      ) : !data ? (
        <Skeleton className="h-64 w-full" aria-label="Loading daily figures" />
      ) : (
        <>
          <div role="img" aria-label={`Chart: ${CHART_TITLE}`} className="h-64 w-full">
            <Suspense fallback={<Skeleton className="h-64 w-full" />}>
              <DailyChartPlot days={data.days} />
            </Suspense>
          </div>
          <table className="sr-only">
            <caption>{CHART_TITLE}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Conversations</th>
                <th scope="col">Tokens</th>
              </tr>
            </thead>
            <tbody>
              {data.days.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{d.date}</th>
                  <td>{formatCount(d.conversationCount)}</td>
                  <td>{formatCount(d.totalTokens)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Card>
  );
}
