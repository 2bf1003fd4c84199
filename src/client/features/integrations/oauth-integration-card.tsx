// OAuth integrations (Google Sheets): connected only when the user's first external account approved
// every required scope (INTEG-03). Connecting links a Google account through Better Auth with those
// scopes (INTEG-04, decision 020): the browser goes to Google and comes back here, where getUser is
// loaded afresh. A server without Google sign-in says so instead of pretending to connect. Disconnect
// unlinks the Google account that grants the scopes (Better Auth's unlink-account), after a confirmation.
import { useState } from "react";
import { toast } from "sonner";
import { ExternalLink, KeyRound, Unplug } from "lucide-react";
import { adminOnly } from "@/client/components/admin/read-only-notice";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { ConnectionCard } from "@/client/components/connections/connection-card";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { Spinner } from "@/client/components/ui/spinner";
import { startOAuthLink, unlinkOAuthAccount } from "@/client/api/oauth-link";
import { useLinkErrorToast } from "@/client/lib/use-link-error-toast";
import { useRevalidateOrg } from "@/client/api/revalidate-org";
import { runtimeConfig } from "@/client/lib/runtime-config";
import { isOAuthConnected } from "@/shared/connections/integrations";
import type { ConnectionDefinition } from "@/shared/connections/types";

/** Where Google sends the user back to, and where Better Auth reports a failed link. */
const OAUTH_RETURN_PATH = "/control-hub/integrations";

export function OAuthIntegrationCard({ def }: { def: ConnectionDefinition }) {
  const { user, isAdmin } = useActiveOrg();
  const [open, setOpen] = useState(false);
  const [starting, setStarting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const revalidateOrg = useRevalidateOrg();
  const connected = isOAuthConnected(def, user.externalAccounts);
  const oauth = def.requiresOAuth;
  const provider = oauth?.provider === "google" ? "Google" : (oauth?.provider ?? "");
  const configured = oauth?.provider === "google" && runtimeConfig.googleSignIn;
  useLinkErrorToast(def.name);

  async function connect() {
    if (!configured || !oauth) return setOpen(true);
    setStarting(true);
    try {
      window.location.assign(await startOAuthLink(oauth.provider, oauth.scopes, OAUTH_RETURN_PATH));
    } catch (err) {
      toast.error(`Failed to connect ${def.name}: ${err instanceof Error ? err.message : String(err)}`);
      setStarting(false);
    }
  }

  // INTEG-03 reads the first external account: that is the one granting the scopes.
  async function disconnect() {
    const linked = user.externalAccounts[0];
    try {
      if (!linked) throw new Error("No linked account");
      await unlinkOAuthAccount(linked.id);
      toast.success(`${def.name} disconnected successfully`);
      await revalidateOrg();
    } catch (err) {
      console.error("Failed to disconnect integration", err);
      toast.error("Failed to disconnect integration");
    }
  }

  return (
    <>
      <ConnectionCard
        def={def}
        connected={connected}
        titleAs="h4"
        actions={
          connected ? (
            <>
              <Badge variant="outline">Uses your {provider} account</Badge>
              <Button
                variant="ghost"
                size="sm"
                className="text-destructive hover:text-destructive"
                onClick={() => setConfirming(true)}
                aria-label={`Disconnect ${def.name}`}
                {...adminOnly(isAdmin)}
              >
                <Unplug aria-hidden />
                Disconnect
              </Button>
            </>
          ) : (
            <Button
              size="sm"
              variant="outline"
              onClick={connect}
              aria-busy={starting || undefined}
              disabled={starting}
              {...adminOnly(isAdmin)}
            >
              {starting ? <Spinner /> : <KeyRound aria-hidden />}
              {/* The visible words begin the name (WCAG 2.5.3); hidden text says which integration. */}
              Connect with {provider}
              <span className="sr-only"> for {def.name}</span>
            </Button>
          )
        }
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Disconnect ${def.name}?`}
        description={`Your ${provider} account is unlinked from Switchboard. Agent tools that use ${def.name} stop working until it is connected again.`}
        confirmLabel="Disconnect"
        onConfirm={disconnect}
      />
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Connect {def.name}</DialogTitle>
            <DialogDescription>
              {def.name} connects through your {provider} account: you sign in with {provider} and approve access,
              instead of entering credentials.
            </DialogDescription>
          </DialogHeader>
          <Alert variant="warning">
            <ExternalLink aria-hidden />
            <AlertTitle>{provider} sign-in is not configured</AlertTitle>
            <AlertDescription>
              An administrator must configure {provider} sign-in on this Switchboard server before {def.name} can be
              connected.
            </AlertDescription>
          </Alert>
          <div className="grid gap-2 text-sm">
            <p className="font-medium">Access it will ask for</p>
            <ul className="grid gap-1 text-muted-foreground">
              {oauth?.scopes.map((scope) => (
                <li key={scope}>
                  <code className="rounded bg-muted px-1.5 py-0.5 text-xs [overflow-wrap:anywhere]">{scope}</code>
                </li>
              ))}
            </ul>
          </div>
          <DialogFooter>
            <Button onClick={() => setOpen(false)}>Got it</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
