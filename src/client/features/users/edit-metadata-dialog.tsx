// "Edit User Metadata" (USER-08, USER-15..18): edit values, remove pairs, add a pair with Enter.
import { useState } from "react";
import { toast } from "sonner";
import { Trash2 } from "lucide-react";
import { mutate } from "swr";
import { metadataEntry, displayName, type OrgUser } from "@/shared/users/schema";
import { metadataEntries } from "@/shared/dashboard/format";
import { orgUsersKey, updateUserMetadata } from "@/client/api/org-users";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";

export function EditMetadataDialog({ orgId, user, onClose }: { orgId: string; user: OrgUser; onClose: () => void }) {
  const [pairs, setPairs] = useState(() => metadataEntries(user.publicMetadata));
  const [newKey, setNewKey] = useState("");
  const [newValue, setNewValue] = useState("");
  const [saving, setSaving] = useState(false);
  const valueErrors = pairs.map(([, v]) => (v.trim() ? null : "Value cannot be empty"));
  const canAdd = newKey.trim() !== "" && newValue.trim() !== "";

  const add = () => {
    if (!canAdd) return;
    const parsed = metadataEntry.parse({ key: newKey, value: newValue });
    setPairs((p) => [...p.filter(([k]) => k !== parsed.key), [parsed.key, parsed.value]]);
    setNewKey("");
    setNewValue("");
  };

  const save = async () => {
    setSaving(true);
    try {
      await updateUserMetadata(orgId, user.id, Object.fromEntries(pairs.map(([k, v]) => [k.trim(), v.trim()])));
      toast.success("User metadata updated successfully!");
      await mutate(orgUsersKey(orgId));
      onClose();
    } catch {
      toast.error("Failed to update user metadata");
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit User Metadata</DialogTitle>
          <DialogDescription>Public metadata for {displayName(user)}.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-2">
          {pairs.map(([k, v], i) => (
            <div key={k} className="flex flex-col gap-1">
              <div className="flex items-center gap-2">
                <Label htmlFor={`meta-${i}`} className="w-1/3 truncate">
                  {k}
                </Label>
                <Input
                  id={`meta-${i}`}
                  value={v}
                  aria-invalid={!!valueErrors[i]}
                  onChange={(e) => setPairs((p) => p.map((pair, j) => (j === i ? [pair[0], e.target.value] : pair)))}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Remove ${k}`}
                  onClick={() => setPairs((p) => p.filter((_, j) => j !== i))}
                >
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
              {valueErrors[i] && <p className="text-sm text-destructive">{valueErrors[i]}</p>}
            </div>
          ))}
          <div className="flex items-center gap-2 pt-2">
            <Input
              aria-label="New key"
              placeholder="Key"
              value={newKey}
              onChange={(e) => setNewKey(e.target.value)}
              onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), add())}
            />
            <Input
              aria-label="New value"
              placeholder="Value"
              value={newValue}
              onChange={(e) => setNewValue(e.target.value)}
              onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), add())}
            />
            <Button variant="outline" onClick={add} disabled={!canAdd}>
              Add
            </Button>
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} disabled={saving || valueErrors.some(Boolean)}>
            Save
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
