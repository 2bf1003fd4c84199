import { useState } from "react";
import { toast } from "sonner";
import { Pencil, Plug, Unplug } from "lucide-react";
import { adminOnly } from "@/client/components/admin/read-only-notice";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { ConnectionCard } from "@/client/components/connections/connection-card";
import { ConnectionDialog } from "@/client/components/connections/connection-dialog";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Button } from "@/client/components/ui/button";
import { updateConnection } from "@/client/api/connections";
import { useRevalidateOrg } from "@/client/api/revalidate-org";
import type { ConnectionDefinition } from "@/shared/connections/types";

/** PROV-05: Connect when not connected; Edit and Disconnect when connected. */
export function ProviderCard({ def }: { def: ConnectionDefinition }) {
  const { org, isAdmin } = useActiveOrg();
  const revalidateOrg = useRevalidateOrg();
  const connected = Boolean(org.connections[def.key]);
  // The mode outlives the open flag so the title does not change while the dialog closes.
  const [mode, setMode] = useState<"create" | "edit">("create");
  const [open, setOpen] = useState(false);
  const openDialog = (next: "create" | "edit") => {
    setMode(next);
    setOpen(true);
  };
  const [confirming, setConfirming] = useState(false);
  const gate = adminOnly(isAdmin);

  async function disconnect() {
    try {
      await updateConnection(org.id, "delete", def.key);
      toast.success(`${def.name} disconnected successfully`);
      await revalidateOrg({ models: true });
    } catch {
      toast.error("Failed to disconnect provider");
    }
  }

  return (
    <>
      <ConnectionCard
        def={def}
        connected={connected}
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
      />
      <ConnectionDialog def={def} orgId={org.id} mode={mode} open={open} onOpenChange={setOpen} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Disconnect ${def.name}?`}
        description={`Its stored credentials are deleted. Agents using ${def.name} models stop working until it is connected again.`}
        confirmLabel="Disconnect"
        onConfirm={disconnect}
      />
    </>
  );
}
