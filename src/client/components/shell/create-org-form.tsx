import { useId, useState, type FormEvent } from "react";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { Spinner } from "@/client/components/ui/spinner";
import { cn } from "@/client/lib/utils";
import { useOrgActions } from "./use-org-actions";

/** Name → create → activate → /control-hub. Used on the welcome screen and in the header's dialog. */
export function CreateOrgForm({
  className,
  autoFocus,
  onCreated,
}: {
  className?: string;
  autoFocus?: boolean;
  onCreated?: () => void;
}) {
  const { create } = useOrgActions();
  const id = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError("Organization name is required");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await create(name);
      onCreated?.();
    } catch (e) {
      setError(e instanceof Error ? e.message : "Could not create organization");
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className={cn("grid gap-3", className)} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Organization name</Label>
        <Input
          id={`${id}-name`}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="Acme Inc."
          autoComplete="organization"
          maxLength={100}
          autoFocus={autoFocus}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" disabled={busy}>
        {busy && <Spinner label="Creating organization" />}
        Create organization
      </Button>
    </form>
  );
}
