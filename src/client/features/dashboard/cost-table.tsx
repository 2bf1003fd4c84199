// Cost for the filter (decision 084): tokens × each model's price, per agent, per user (admin view) and per
// scheduled task. Models without a price cost nothing here and are named, with where to price them.
import { Link } from "react-router";
import type { CostLine, CostReport } from "@/shared/dashboard/schema";
import type { HttpError } from "@/client/lib/api";
import { errorMessage } from "@/client/lib/api";
import { formatCost } from "@/shared/dashboard/cost-format";
import { formatCount } from "@/shared/dashboard/format";
import { Card } from "@/client/components/ui/card";

function Lines({ title, lines, empty }: { title: string; lines: CostLine[]; empty: string }) {
  return (
    <table className="w-full text-sm">
      <caption className="pb-1 text-left font-medium">{title}</caption>
      <thead className="text-xs text-muted-foreground">
        <tr>
          <th scope="col" className="text-left font-normal">
            Name
          </th>
          <th scope="col" className="text-right font-normal">
            Tokens
          </th>
          <th scope="col" className="text-right font-normal">
            Cost
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.length === 0 ? (
          <tr>
            <td colSpan={3} className="py-1 text-muted-foreground">
              {empty}
            </td>
          </tr>
        ) : (
          lines.map((l) => (
            <tr key={l.id} className="border-t">
              <th scope="row" className="max-w-40 truncate py-1 text-left font-normal">
                {l.name}
              </th>
              <td className="text-right tabular-nums">{formatCount(l.inputTokens + l.outputTokens)}</td>
              <td className="text-right tabular-nums">{formatCost(l.cost)}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

export function CostTable({
  data,
  error,
  isAdmin,
}: {
  data: CostReport | undefined;
  error: HttpError | undefined;
  isAdmin: boolean;
}) {
  return (
    <Card role="region" aria-labelledby="cost-title" className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="cost-title" className="text-lg font-semibold">
          Cost
        </h2>
        <span className="text-2xl font-semibold tabular-nums" aria-label="Total cost">
          {data ? formatCost(data.totalCost) : "…"}
        </span>
      </div>
      {error && !data ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(error, "Failed to load cost")}
        </p>
      ) : data ? (
        <>
          <div className="grid gap-4">
            <Lines title="By agent" lines={data.byAgent} empty="No usage" />
            {data.byUser && <Lines title="By user" lines={data.byUser} empty="No usage" />}
            <Lines title="By scheduled task" lines={data.byTask} empty="No scheduled runs" />
          </div>
          {data.unpricedModels.length > 0 && (
            <p className="text-xs text-muted-foreground">
              No price set for {data.unpricedModels.join(", ")}: their tokens are not counted in the cost.{" "}
              {isAdmin && (
                <Link to="/control-hub/models" className="underline underline-offset-4">
                  Set model prices
                </Link>
              )}
            </p>
          )}
          <p className="text-xs text-muted-foreground">
            Estimated from each model&apos;s price per 1M input and output tokens (US dollars).
          </p>
        </>
      ) : null}
    </Card>
  );
}
