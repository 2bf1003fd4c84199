// Invite by email and role (decision 069). Without SMTP the invitation is created all the same and the
// admin copies its link from the row's menu.
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { inviteUserInput, MEMBER_ACTION_TEXTS } from "@/shared/users/member-actions";
import { MEMBER_ROLE, ROLES, type Role } from "@/shared/roles";
import { inviteUser, refreshPeople } from "@/client/api/org-users";
import { errorMessage } from "@/client/lib/api";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { NativeSelect, NativeSelectOption } from "@/client/components/ui/native-select";

export function InviteUserForm({ orgId }: { orgId: string }) {
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>(MEMBER_ROLE);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = inviteUserInput.safeParse({ email, role });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Enter a valid email address");
    setError(null);
    setBusy(true);
    try {
      const sent = await inviteUser(orgId, parsed.data.email, parsed.data.role);
      toast.success(
        sent.emailSent ? MEMBER_ACTION_TEXTS.invited(sent.email) : MEMBER_ACTION_TEXTS.invitedNoEmail(sent.email),
      );
      setEmail("");
      await refreshPeople(orgId);
    } catch (failure) {
      toast.error(errorMessage(failure, "Failed to invite user"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form aria-label="Invite a user" onSubmit={submit} className="flex flex-wrap items-end gap-3 rounded-xl border p-3">
      <div className="flex min-w-64 flex-1 flex-col gap-1">
        <Label htmlFor="invite-email">Email</Label>
        <Input
          id="invite-email"
          type="email"
          placeholder="name@example.com"
          value={email}
          aria-invalid={!!error}
          onChange={(e) => setEmail(e.target.value)}
        />
        {error && <p className="text-sm text-destructive">{error}</p>}
      </div>
      <div className="flex flex-col gap-1">
        <Label htmlFor="invite-role">Invite as</Label>
        <NativeSelect id="invite-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
          {ROLES.map((r) => (
            <NativeSelectOption key={r} value={r}>
              {r}
            </NativeSelectOption>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" disabled={busy || !email.trim()}>
        Invite
      </Button>
    </form>
  );
}
