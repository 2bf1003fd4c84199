// Invitations waiting for a signed-in user without an organisation (issue 17 #6). Better Auth lists and
// accepts them only for a verified address (decision 024); an unverified one is told how to join instead.
import { useState } from "react";
import useSWR from "swr";
import { useNavigate } from "react-router";
import { MailOpen } from "lucide-react";
import { toast } from "sonner";
import { isAdminRole } from "@/shared/roles";
import { Button } from "@/client/components/ui/button";
import { authClient } from "@/client/lib/auth-client";
import { OrgRow } from "./org-row";

export const PENDING_INVITATIONS_KEY = "auth:pending-invitations";
export const UNVERIFIED_INVITATION_HINT =
  "Invited to an organization? Open the link in your invitation email, or ask the admin who invited you for the invitation link.";

interface PendingInvitation {
  id: string;
  organizationName: string;
  role: string;
  expiresAt: string | Date;
}

async function listPending(): Promise<PendingInvitation[]> {
  const { data, error } = await authClient.organization.listUserInvitations();
  if (error) throw new Error(error.message || "Could not load invitations");
  const now = Date.now();
  return (data ?? []).filter((i) => new Date(i.expiresAt).getTime() > now) as PendingInvitation[];
}

export function PendingInvitations({
  emailVerified,
  onJoined,
}: {
  emailVerified: boolean;
  /** Called with the organisation just joined. */
  onJoined: (organizationId: string) => Promise<void>;
}) {
  const navigate = useNavigate();
  const { data, mutate } = useSWR(emailVerified ? PENDING_INVITATIONS_KEY : null, listPending, {
    shouldRetryOnError: false,
  });
  const [busy, setBusy] = useState<string | null>(null);

  if (!emailVerified) return <p className="text-xs text-muted-foreground">{UNVERIFIED_INVITATION_HINT}</p>;
  if (!data?.length) return null;

  async function answer(invitation: PendingInvitation, accept: boolean) {
    setBusy(invitation.id);
    // SHELL-08: joining leads to /chat. Accepting makes the organisation active, and the session refetch
    // that follows can mount the shell before this code runs again: at "/" its index route would send the
    // user to /dashboard. So the URL is /chat before the request (the welcome screen shows at any path),
    // and back at "/" if the invitation could not be accepted.
    if (accept) navigate("/chat");
    try {
      const { data: result, error } = accept
        ? await authClient.organization.acceptInvitation({ invitationId: invitation.id })
        : await authClient.organization.rejectInvitation({ invitationId: invitation.id });
      if (error) throw new Error(error.message || "Could not answer the invitation");
      if (accept) {
        const orgId = (result as { member?: { organizationId?: string } } | null)?.member?.organizationId;
        await onJoined(orgId ?? "");
        void mutate();
      } else {
        await mutate();
        toast.success(`Declined the invitation to ${invitation.organizationName}`);
      }
    } catch (e) {
      if (accept) navigate("/", { replace: true });
      toast.error(e instanceof Error ? e.message : "Could not answer the invitation");
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="pending-invitations" className="grid gap-2">
      <h3 id="pending-invitations" className="text-sm font-medium">
        Invitations
      </h3>
      <ul className="grid gap-2">
        {data.map((invitation) => (
          <OrgRow
            key={invitation.id}
            icon={MailOpen}
            name={invitation.organizationName}
            detail={`Invited as ${isAdminRole(invitation.role) ? "an admin" : "a member"}`}
          >
            <Button
              size="sm"
              variant="ghost"
              disabled={busy !== null}
              onClick={() => void answer(invitation, false)}
              aria-label={`Decline the invitation to ${invitation.organizationName}`}
            >
              Decline
            </Button>
            <Button
              size="sm"
              disabled={busy !== null}
              onClick={() => void answer(invitation, true)}
              aria-label={`Accept the invitation to ${invitation.organizationName}`}
            >
              Accept
            </Button>
          </OrgRow>
        ))}
      </ul>
    </section>
  );
}
