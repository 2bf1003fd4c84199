// "Model prices" (decision 084): the price per 1M input and output tokens the dashboard's cost uses.
// Catalogue models start at their list price; admins set their own, or reset to the default.
import { useState } from "react";
import { toast } from "sonner";
import { adminOnly } from "@/client/components/admin/read-only-notice";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { errorMessage } from "@/client/lib/api";
import type { ModelPriceRow } from "@/shared/models/prices-schema";
import { resetModelPrice, saveModelPrice, useModelPrices } from "./api/model-prices";

export function ModelPricesCard() {
  const { org } = useActiveOrg();
  const { data, error } = useModelPrices(org.id);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Model prices</CardTitle>
        <CardDescription>
          US dollars per 1M tokens, used for the cost on the dashboard. Catalogue models start at their provider&apos;s
          list price.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {error && !data ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(error, "Failed to load model prices")}
          </p>
        ) : !data ? (
          <p className="text-sm text-muted-foreground">Loading model prices...</p>
        ) : (
          <table className="w-full text-sm">
            <thead className="text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="text-left font-normal">
                  Model
                </th>
                <th scope="col" className="text-left font-normal">
                  Input / 1M
                </th>
                <th scope="col" className="text-left font-normal">
                  Output / 1M
                </th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.prices.map((p) => (
                <PriceRow key={`${p.model}|${p.inputPerMillion}|${p.outputPerMillion}`} orgId={org.id} row={p} />
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

function PriceRow({ orgId, row }: { orgId: string; row: ModelPriceRow }) {
  const { isAdmin } = useActiveOrg();
  const [input, setInput] = useState(row.inputPerMillion?.toString() ?? "");
  const [output, setOutput] = useState(row.outputPerMillion?.toString() ?? "");
  const [busy, setBusy] = useState(false);
  const changed =
    input !== (row.inputPerMillion?.toString() ?? "") || output !== (row.outputPerMillion?.toString() ?? "");

  const act = async (fn: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await fn();
      toast.success(done);
    } catch (err) {
      toast.error(errorMessage(err, "Failed to update the price"));
    } finally {
      setBusy(false);
    }
  };
  const field = (label: string, value: string, set: (v: string) => void) => (
    <Input
      aria-label={`${label} price of ${row.name}`}
      inputMode="decimal"
      className="h-8 w-24"
      value={value}
      placeholder="No price"
      onChange={(e) => set(e.target.value)}
      {...adminOnly(isAdmin)}
    />
  );
  return (
    <tr className="border-t">
      <th scope="row" className="py-2 text-left font-normal">
        <span className="mr-2">{row.name}</span>
        {row.source === "custom" && <Badge variant="secondary">Custom</Badge>}
      </th>
      <td>{field("Input", input, setInput)}</td>
      <td>{field("Output", output, setOutput)}</td>
      <td className="space-x-2 text-right whitespace-nowrap">
        {isAdmin && changed && (
          <Button
            size="sm"
            disabled={busy}
            onClick={() =>
              void act(
                () => saveModelPrice(orgId, row.model, Number(input || "x"), Number(output || "x")),
                `Price of ${row.name} saved`,
              )
            }
          >
            Save
          </Button>
        )}
        {isAdmin && row.source === "custom" && !changed && (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => void act(() => resetModelPrice(orgId, row.model), `Price of ${row.name} reset`)}
          >
            Reset
          </Button>
        )}
      </td>
    </tr>
  );
}
