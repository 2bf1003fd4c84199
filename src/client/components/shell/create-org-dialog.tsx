import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { CreateOrgForm } from "./create-org-form";

/** SHELL-08: the header selector's "Create organization". */
export function CreateOrgDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Create organization</DialogTitle>
          <DialogDescription>
            Each organization has its own agents, providers, conversations and members.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts with an empty form. */}
        {open && <CreateOrgForm autoFocus onCreated={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
