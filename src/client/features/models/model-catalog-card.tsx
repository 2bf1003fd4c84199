// A read-only view of the model catalogue (MODEL-01..15), marking what this organisation can use now.
import { Badge } from "@/client/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { MODEL_CATALOG, type CatalogModel } from "@/shared/models/catalog";
import { modelSizeLabel } from "./model-options";

const number = new Intl.NumberFormat();

export function ModelCatalogCard({ models }: { models: CatalogModel[] }) {
  const available = new Set(models.map((m) => m.key));
  return (
    <Card>
      <CardHeader>
        <CardTitle>Model Catalogue</CardTitle>
        <CardDescription>
          Every model Switchboard knows. A model becomes available when its provider is connected.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {/* Focusable, so keyboard users can scroll it too (WCAG 2.1.1). */}
        <div
          role="region"
          aria-label="Model catalogue"
          tabIndex={0}
          className="max-h-[28rem] overflow-auto rounded-lg border outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">Model catalogue</caption>
            <thead className="sticky top-0 bg-muted text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Model
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Provider
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Type
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Context
                </th>
                <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
                  Output
                </th>
                <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
                  Vision
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {MODEL_CATALOG.map((model) => (
                <tr key={model.key} className="border-t">
                  <td className="px-3 py-2 font-mono text-xs">{model.name}</td>
                  <td className="px-3 py-2">{model.provider}</td>
                  <td className="px-3 py-2">{model.type === "chat" ? "Chat" : "Embedding"}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{modelSizeLabel(model)}</td>
                  <td className="hidden px-3 py-2 md:table-cell">
                    {model.outputTokens ? number.format(model.outputTokens) : "—"}
                  </td>
                  <td className="hidden px-3 py-2 md:table-cell">
                    {model.type === "chat" ? (model.vision ? "Yes" : "No") : "—"}
                  </td>
                  <td className="px-3 py-2">
                    {available.has(model.key) ? (
                      <Badge variant="success">Available</Badge>
                    ) : (
                      <Badge variant="outline" className="text-muted-foreground">
                        Not connected
                      </Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </CardContent>
    </Card>
  );
}
