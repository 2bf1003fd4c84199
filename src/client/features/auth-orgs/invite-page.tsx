// /invite/:invitationId?token=… — the invitation link (decision 024). The auth gate has the invitee
// sign in or create their account first and then brings them back here; one click accepts.
import { useState } from "react";
import { useNavigate, useParams, useSearchParams } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Spinner } from "@/client/components/ui/spinner";
import { LoadingScreen } from "@/client/components/shell/loading-screen";
import { authClient } from "@/client/lib/auth-client";
import { useRevalidateOrg } from "@/client/api/revalidate-org";
import { errorMessage } from "@/client/lib/api";
import { clearSignedOut, signOut } from "@/client/lib/sign-out";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { acceptInvitation, useInvitationPreview } from "./api/invitations";

const ROLE_NAMES: Record<string, string> = { "org:admin": "an admin", "org:member": "a member" };

export function InvitePage() {
  useDocumentTitle("Invitation");
  const { invitationId = "" } = useParams();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const { data: session } = authClient.useSession();
  const preview = useInvitationPreview(invitationId, token);
  const navigate = useNavigate();
  const revalidate = useRevalidateOrg();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (preview.isLoading || !session) return <LoadingScreen />;
  const invitation = preview.data;

  async function accept() {
    setBusy(true);
    setError(null);
    try {
      await acceptInvitation(invitationId, token);
    } catch (err) {
      setError(errorMessage(err, "Could not accept the invitation."));
      setBusy(false);
      return;
    }
    await revalidate();
    navigate("/dashboard", { replace: true });
  }

  async function switchAccount() {
    await signOut();
    // Back through the sign-in page to this link, not to /signin's plain sign-out landing.
    clearSignedOut();
  }

  let title = "This invitation link is no longer valid";
  let description = "It may have expired or been withdrawn. Ask an admin of the organization for a new invitation.";
  let action = <Button onClick={() => navigate("/dashboard", { replace: true })}>Go to dashboard</Button>;
  if (invitation && invitation.email.toLowerCase() !== session.user.email.toLowerCase()) {
    title = `This invitation is for ${invitation.email}`;
    description = `You are signed in as ${session.user.email}. Sign in with the invited address to accept it.`;
    action = <Button onClick={() => void switchAccount()}>Sign in as {invitation.email}</Button>;
  } else if (invitation) {
    title = `Join ${invitation.organizationName}`;
    description = `You were invited to join ${invitation.organizationName} on Switchboard as ${ROLE_NAMES[invitation.role] ?? "a member"}.`;
    action = (
      <Button onClick={() => void accept()} disabled={busy} className="w-full">
        {busy && <Spinner label="Accepting" />}
        Accept invitation
      </Button>
    );
  }

  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-6 bg-muted/40 px-4 py-10">
      <div className="flex items-center gap-2 text-lg font-semibold">
        <img src="/logo.svg" alt="" className="size-8" />
        Switchboard
      </div>
      <Card className="w-full max-w-sm">
        <CardHeader className="text-center">
          <CardTitle className="text-xl">{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {error && (
            <p
              role="alert"
              className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
            >
              {error}
            </p>
          )}
          {action}
        </CardContent>
      </Card>
    </div>
  );
}
