// Profile (issue 17 #5): the account menu's dialog to change one's name and password and to sign out
// of every other session.
import { useState } from "react";
import { toast } from "sonner";
import type { UserInfo } from "@/shared/org";
import { Button } from "@/client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { Separator } from "@/client/components/ui/separator";
import { Spinner } from "@/client/components/ui/spinner";
import { authClient } from "@/client/lib/auth-client";
import { ChangePasswordForm } from "./change-password-form";
import { ProfileNameForm } from "./profile-name-form";

export const OTHER_SESSIONS_SIGNED_OUT = "Signed out of your other sessions.";

export function ProfileDialog({
  open,
  onOpenChange,
  user,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: Pick<UserInfo, "name" | "email">;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Profile</DialogTitle>
          <DialogDescription>{user.email}</DialogDescription>
        </DialogHeader>
        {/* Mounted per opening, so the fields start from the saved values every time. */}
        {open && (
          <div className="grid gap-5">
            <ProfileNameForm name={user.name} />
            <Separator />
            <section aria-labelledby="profile-password" className="grid gap-3">
              <h3 id="profile-password" className="text-sm font-semibold">
                Password
              </h3>
              <ChangePasswordForm />
            </section>
            <Separator />
            <OtherSessions />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function OtherSessions() {
  const [busy, setBusy] = useState(false);

  async function signOutOthers() {
    setBusy(true);
    const result = await authClient.revokeOtherSessions();
    setBusy(false);
    if (result.error) toast.error("Could not sign out your other sessions. Please try again.");
    else toast.success(OTHER_SESSIONS_SIGNED_OUT);
  }

  return (
    <section aria-labelledby="profile-sessions" className="grid gap-2">
      <h3 id="profile-sessions" className="text-sm font-semibold">
        Sessions
      </h3>
      <p className="text-sm text-muted-foreground">
        Signed in on another computer or browser? Sign out everywhere else; you stay signed in here.
      </p>
      <Button variant="outline" className="justify-self-end" onClick={() => void signOutOthers()} disabled={busy}>
        {busy && <Spinner />}
        Sign out of other sessions
      </Button>
    </section>
  );
}
