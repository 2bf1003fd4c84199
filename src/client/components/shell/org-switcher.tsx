// SHELL-08: the header's organisation selector: switch (→ /chat) or create (→ /control-hub).
import { useState } from "react";
import { ChevronsUpDown, Plus } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/client/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import { Spinner } from "@/client/components/ui/spinner";
import { useActiveOrg } from "./active-org";
import { CreateOrgDialog } from "./create-org-dialog";
import { OrgAvatar } from "./org-avatar";
import { useOrgActions } from "./use-org-actions";

export function OrgSwitcher() {
  const { user, org } = useActiveOrg();
  const { switchTo } = useOrgActions();
  const [creating, setCreating] = useState(false);
  const [switching, setSwitching] = useState(false);

  async function select(orgId: string) {
    if (orgId === org.id || switching) return;
    setSwitching(true);
    try {
      await switchTo(orgId, org.id);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : "Could not switch organization");
    } finally {
      setSwitching(false);
    }
  }

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" className="h-9 max-w-[min(18rem,60vw)] gap-2 px-2">
            {/* The name is the visible text (WCAG 2.5.3, label in name): an aria-label would hide it. */}
            <OrgAvatar name={org.name} imageUrl={org.imageUrl} />
            <span className="truncate font-medium">
              <span className="sr-only">Organization: </span>
              {org.name}
            </span>
            {switching ? (
              <Spinner label="Switching organization" />
            ) : (
              <ChevronsUpDown className="text-muted-foreground" aria-hidden />
            )}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="w-64">
          <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">Organizations</DropdownMenuLabel>
          <DropdownMenuRadioGroup value={org.id} onValueChange={select}>
            {user.organizations.map((o) => (
              <DropdownMenuRadioItem key={o.id} value={o.id}>
                <OrgAvatar name={o.name} imageUrl={o.imageUrl} className="size-5" />
                <span className="truncate">{o.name}</span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <Plus aria-hidden />
            Create organization
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <CreateOrgDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
