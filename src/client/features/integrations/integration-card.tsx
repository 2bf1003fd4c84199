// One shared integration: coming soon (no button), OAuth (Google), or a credentials form (INTEG-*).
import { useState } from "react";
import { toast } from "sonner";
import { Pencil, Plug, PlugZap, Unplug } from "lucide-react";
import { adminOnly } from "@/client/components/admin/read-only-notice";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { ConnectionCard } from "@/client/components/connections/connection-card";
import { ConnectionDialog, TestResultAlert } from "@/client/components/connections/connection-dialog";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { updateConnection } from "@/client/api/connections";
import { useRevalidateOrg } from "@/client/api/revalidate-org";
import type { ConnectionDefinition } from "@/shared/connections/types";
import { WEB_SERVICE_BY_KEY } from "@/shared/connections/web-services";
import { OAuthIntegrationCard } from "./oauth-integration-card";
import { runPostgresTest, type TestOutcome } from "./postgres-test";

export function IntegrationCard({ def }: { def: ConnectionDefinition }) {
  if (def.comingSoon)
    return (
      <ConnectionCard def={def} connected={false} titleAs="h4" badge={<Badge variant="secondary">Coming soon</Badge>} />
    );
  if (def.requiresOAuth) return <OAuthIntegrationCard def={def} />;
  return <CredentialsIntegrationCard def={def} />;
}

function CredentialsIntegrationCard({ def }: { def: ConnectionDefinition }) {
  const { org, isAdmin } = useActiveOrg();
  const revalidateOrg = useRevalidateOrg();
  const connected = Boolean(org.connections[def.key]);
  const [mode, setMode] = useState<"create" | "edit">("create");
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<TestOutcome | null>(null);
  const gate = adminOnly(isAdmin);
  const testable = def.key === "postgres";

  const openDialog = (next: "create" | "edit") => {
    setMode(next);
    setOpen(true);
  };

  async function disconnect() {
    try {
      await updateConnection(org.id, "delete", def.key);
      toast.success(`${def.name} disconnected successfully`);
      setResult(null);
      await revalidateOrg();
    } catch {
      toast.error("Failed to disconnect integration");
    }
  }

  async function testStored() {
    setTesting(true);
    setResult(null);
    setResult(await runPostgresTest(org.id, {}));
    setTesting(false);
  }

  return (
    <>
      <ConnectionCard
        def={def}
        connected={connected}
        titleAs="h4"
        actions={
          connected ? (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={() => openDialog("edit")}
                aria-label={`Edit ${def.name}`}
                {...gate}
              >
                <Pencil aria-hidden />
                Edit
              </Button>
              {testable && (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void testStored()}
                  {...gate}
                  disabled={!isAdmin || testing}
                >
                  {testing ? <Spinner label="Testing connection" /> : <PlugZap aria-hidden />}
                  Test connection
                </Button>
              )}
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive hover:text-destructive"
                onClick={() => setConfirming(true)}
                aria-label={`Disconnect ${def.name}`}
                {...gate}
              >
                <Unplug aria-hidden />
                Disconnect
              </Button>
            </>
          ) : (
            <Button
              variant="outline"
              size="sm"
              onClick={() => openDialog("create")}
              aria-label={`Connect ${def.name}`}
              {...gate}
            >
              <Plug aria-hidden />
              Connect
            </Button>
          )
        }
      >
        {result && <TestResultAlert {...result} />}
      </ConnectionCard>
      <ConnectionDialog
        def={def}
        orgId={org.id}
        mode={mode}
        open={open}
        onOpenChange={setOpen}
        onTest={testable ? (data) => runPostgresTest(org.id, data) : undefined}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Disconnect ${def.name}?`}
        description={
          WEB_SERVICE_BY_KEY[def.key]
            ? `Its stored keys are deleted. Agent tools that use ${def.name} fall back to the server's key, if the operator set one.`
            : `Its stored credentials are deleted. Agent tools that use ${def.name} stop working until it is connected again.`
        }
        confirmLabel="Disconnect"
        onConfirm={disconnect}
      />
    </>
  );
}
