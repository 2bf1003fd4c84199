// CONV-07/08: rename a conversation. The name is optional; saving an empty one clears it and the list
// falls back to the next title in CONV-02's order.
import { useState, type FormEvent } from "react";
import { Button } from "@/client/components/ui/button";
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { Input } from "@/client/components/ui/input";
import { Spinner } from "@/client/components/ui/spinner";

export function RenameConversationDialog({
  open,
  onOpenChange,
  currentName,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentName: string | null | undefined;
  /** Resolves true when the rename went through; the dialog then closes. */
  onSave: (name: string) => Promise<boolean>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Rename conversation</DialogTitle>
        </DialogHeader>
        {/* Mounted per opening, so the field starts from the current name every time. */}
        {open && (
          <RenameForm
            currentName={currentName ?? ""}
            onCancel={() => onOpenChange(false)}
            onSave={onSave}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({
  currentName,
  onCancel,
  onSave,
  onDone,
}: {
  currentName: string;
  onCancel: () => void;
  onSave: (name: string) => Promise<boolean>;
  onDone: () => void;
}) {
  const [name, setName] = useState(currentName);
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    const ok = await onSave(name);
    setSaving(false);
    if (ok) onDone();
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4">
      <Input
        aria-label="Name"
        placeholder="Name (optional)"
        value={name}
        onChange={(e) => setName(e.target.value)}
        autoFocus
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving && <Spinner />}
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}
