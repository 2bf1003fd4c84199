// "Azure Model Instances" (MODEL-16..26): the organisation's Azure OpenAI deployments; admins add and delete them.
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Info, Trash2 } from "lucide-react";
import { adminOnly } from "@/client/components/admin/read-only-notice";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { deleteAzureInstance } from "@/client/api/models";
import { useRevalidateOrg } from "@/client/api/revalidate-org";
import type { ModelInstance, ModelPreferences } from "@/shared/org";
import { AzureInstanceForm } from "./azure-instance-form";

export function AzureInstancesCard({ preferences }: { preferences: ModelPreferences }) {
  const { org, isAdmin } = useActiveOrg();
  const revalidateOrg = useRevalidateOrg();
  const [deleting, setDeleting] = useState<[string, ModelInstance] | null>(null);
  const instances = Object.entries(preferences.modelInstances ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const azureConnected = Boolean(org.connections.azure_openai);

  async function remove(key: string) {
    try {
      await deleteAzureInstance(org.id, key);
      toast.success("Azure model instance deleted successfully");
      await revalidateOrg({ models: true });
    } catch {
      toast.error("Failed to delete Azure instance");
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Azure Model Instances</CardTitle>
        <CardDescription>
          Each deployment in your Azure OpenAI resource becomes a model agents can use, named after the deployment.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {!azureConnected && (
          <Alert variant="info" role="status">
            <Info aria-hidden />
            <AlertDescription>
              <p>
                These instances become available once Azure OpenAI is connected on the{" "}
                <Link to="/control-hub/providers" className="font-medium underline underline-offset-4">
                  Providers
                </Link>{" "}
                tab.
              </p>
            </AlertDescription>
          </Alert>
        )}
        {instances.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
            No Azure model instances yet.
          </p>
        ) : (
          <div className="overflow-x-auto rounded-lg border">
            <table className="w-full text-sm">
              <caption className="sr-only">Azure model instances</caption>
              <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Deployment
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Type
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Underlying Model
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {instances.map(([key, instance]) => (
                  <tr key={key} className="border-t">
                    <td className="px-3 py-2">
                      <div className="font-medium">{instance.deploymentName}</div>
                      <div className="font-mono text-xs text-muted-foreground">{key}</div>
                    </td>
                    <td className="px-3 py-2">
                      <Badge variant="secondary">{instance.type === "chat" ? "Chat" : "Embedding"}</Badge>
                    </td>
                    <td className="px-3 py-2 font-mono text-xs">{instance.underlyingModel}</td>
                    <td className="px-3 py-2 text-right">
                      <Button
                        variant="ghost"
                        size="icon-sm"
                        className="text-muted-foreground hover:text-destructive"
                        aria-label={`Delete ${instance.deploymentName}`}
                        onClick={() => setDeleting([key, instance])}
                        {...adminOnly(isAdmin)}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <AzureInstanceForm existing={instances.map(([, i]) => i.deploymentName)} />
      </CardContent>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.[1].deploymentName ?? "instance"}?`}
        description="Agents that use this deployment need another model. A default that points to it is cleared."
        confirmLabel="Delete"
        onConfirm={() => (deleting ? remove(deleting[0]) : undefined)}
      />
    </Card>
  );
}
