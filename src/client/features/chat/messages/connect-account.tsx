// A Google Sheets call that failed because the caller has no usable Google link carries
// `connect: "google-sheets"` (decision 102). Its card then offers the link flow of Control Hub →
// Integrations, for the signed-in user's own account, and the browser comes back to this chat. Once
// getUser shows the account connected (a full page load after the link), the card says to ask again and
// still offers a reconnect: a grant revoked at Google keeps its scopes listed (decision 020).
import { useState } from "react";
import { useLocation } from "react-router";
import { toast } from "sonner";
import { KeyRound } from "lucide-react";
import { startOAuthLink } from "@/client/api/oauth-link";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Button } from "@/client/components/ui/button";
import { Spinner } from "@/client/components/ui/spinner";
import { runtimeConfig } from "@/client/lib/runtime-config";
import { returnPath, useLinkErrorToast } from "@/client/lib/use-link-error-toast";
import { INTEGRATION_BY_KEY, isOAuthConnected } from "@/shared/connections/integrations";

/** The OAuth integration a failed tool result asks the user to connect, if any. */
export function integrationToConnect(result: unknown): string | undefined {
  const connect = (result as { connect?: unknown } | null | undefined)?.connect;
  return typeof connect === "string" && INTEGRATION_BY_KEY[connect]?.requiresOAuth ? connect : undefined;
}

export function ConnectAccount({ integration }: { integration: string }) {
  const def = INTEGRATION_BY_KEY[integration]!;
  const oauth = def.requiresOAuth!;
  const { user } = useActiveOrg();
  const here = useLocation();
  const [starting, setStarting] = useState(false);
  useLinkErrorToast(def.name);
  // Google is the only identity provider the server links; without it there is nothing to start.
  if (oauth.provider !== "google" || !runtimeConfig.googleSignIn) return null;
  const connected = isOAuthConnected(def, user.externalAccounts);

  async function connect() {
    setStarting(true);
    try {
      window.location.assign(await startOAuthLink(oauth.provider, oauth.scopes, returnPath(here)));
    } catch (err) {
      toast.error(`Failed to connect ${def.name}: ${err instanceof Error ? err.message : String(err)}`);
      setStarting(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 border-t px-3 py-2">
      <p className="min-w-0 flex-1 text-xs text-muted-foreground">
        {connected
          ? `Your Google account is connected now. Ask again to use ${def.name}.`
          : `${def.name} needs your own Google account: connect it, then ask again.`}
      </p>
      <Button
        type="button"
        size="sm"
        variant="outline"
        onClick={connect}
        disabled={starting}
        aria-busy={starting || undefined}
      >
        {starting ? <Spinner /> : <KeyRound aria-hidden />}
        {connected ? "Reconnect with Google" : "Connect with Google"}
      </Button>
    </div>
  );
}
