// OAuth integrations (Google Sheets): connected only when the user's first external account approved
// every required scope (INTEG-03). Connecting means granting scopes in Google sign-in (INTEG-04), which
// this server does not offer yet, so the button explains that instead of pretending to connect.
import { useState } from "react";
import { ExternalLink, KeyRound } from "lucide-react";
import { adminOnly } from "@/client/components/admin/read-only-notice";
import { ConnectionCard } from "@/client/components/connections/connection-card";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Alert, AlertDescription, AlertTitle } from "@/client/components/ui/alert";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { isOAuthConnected } from "@/shared/connections/integrations";
import type { ConnectionDefinition } from "@/shared/connections/types";

export function OAuthIntegrationCard({ def }: { def: ConnectionDefinition }) {
  const { user, isAdmin } = useActiveOrg();
  const [open, setOpen] = useState(false);
  const connected = isOAuthConnected(def, user.externalAccounts);
  const provider = def.requiresOAuth?.provider === "google" ? "Google" : (def.requiresOAuth?.provider ?? "");

  return (
    <>
      <ConnectionCard
        def={def}
        connected={connected}
        titleAs="h4"
        actions={
          connected ? (
            <Badge variant="outline">Uses your {provider} account</Badge>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setOpen(true)} aria-label={`Connect ${def.name}`} {...adminOnly(isAdmin)}>
              <KeyRound aria-hidden />
              Connect with {provider}
            </Button>
          )
        }
      />
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Connect {def.name}</DialogTitle>
            <DialogDescription>
              {def.name} connects through your {provider} account: you sign in with {provider} and approve access, instead of entering credentials.
            </DialogDescription>
          </DialogHeader>
          <Alert variant="warning">
            <ExternalLink aria-hidden />
            <AlertTitle>{provider} sign-in is not configured</AlertTitle>
            <AlertDescription>
              An administrator must configure {provider} sign-in on this Switchboard server before {def.name} can be connected.
            </AlertDescription>
          </Alert>
          <div className="grid gap-2 text-sm">
            <p className="font-medium">Access it will ask for</p>
            <ul className="grid gap-1 text-muted-foreground">
              {def.requiresOAuth?.scopes.map((scope) => (
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
