// "API Access" (SET-03..05): copy the personal API key of this organisation; revoke it.
import { useState } from "react";
import { toast } from "sonner";
import { Copy, KeyRound, ShieldOff } from "lucide-react";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { Spinner } from "@/client/components/ui/spinner";
import { API_KEY_VALIDITY_MONTHS } from "@/shared/settings/schema";
import { getApiKey, revokeApiKey } from "./api/settings-api";

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "long" });

export function ApiAccessCard() {
  const { org } = useActiveOrg();
  const [copying, setCopying] = useState(false);
  const [expiresAt, setExpiresAt] = useState<string | null>(null);
  // Shown only when the browser refused clipboard access, so the key can still be copied by hand.
  const [visibleKey, setVisibleKey] = useState<string | null>(null);
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);

  async function copy() {
    setCopying(true);
    try {
      const res = await getApiKey(org.id);
      setExpiresAt(res.expiresAt);
      try {
        await navigator.clipboard.writeText(res.apiKey);
        setVisibleKey(null);
        toast.success("API key copied to clipboard!");
      } catch {
        setVisibleKey(res.apiKey);
        toast.error("Your browser blocked the clipboard. Copy the key shown below.");
      }
    } catch {
      toast.error("Failed to get API key");
    } finally {
      setCopying(false);
    }
  }

  async function revoke() {
    try {
      const res = await revokeApiKey(org.id);
      setExpiresAt(null);
      setVisibleKey(null);
      toast.success(res.revoked > 0 ? "API key revoked" : "You had no API key to revoke");
    } catch {
      toast.error("Failed to revoke API key");
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <KeyRound className="size-4 text-muted-foreground" aria-hidden />
          API Access
        </CardTitle>
        <CardDescription>
          Call the Switchboard API from your own code with a personal key for {org.name}. Keep it secret, like a
          password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="text-muted-foreground">
          API keys are valid for {API_KEY_VALIDITY_MONTHS} months.
          {expiresAt && <> Your current key expires on {dateFormat.format(new Date(expiresAt))}.</>}
        </p>
        {visibleKey && (
          <Input
            readOnly
            value={visibleKey}
            aria-label="Your API key"
            className="font-mono text-xs"
            onFocus={(e) => e.currentTarget.select()}
          />
        )}
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        <Button onClick={() => void copy()} disabled={copying}>
          {copying ? <Spinner label="Getting API key" /> : <Copy aria-hidden />}
          Copy API Key
        </Button>
        <Button variant="outline" onClick={() => setConfirmingRevoke(true)}>
          <ShieldOff aria-hidden />
          Revoke API Key
        </Button>
      </CardFooter>
      <ConfirmDialog
        open={confirmingRevoke}
        onOpenChange={setConfirmingRevoke}
        title="Revoke your API key?"
        description="Programs using it stop working at once. The next copy creates a new key."
        confirmLabel="Revoke"
        onConfirm={revoke}
      />
    </Card>
  );
}
