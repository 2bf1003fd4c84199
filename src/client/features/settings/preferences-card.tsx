// "Preferences" (SET-06..09): the organisation's default agent.
import { useState } from "react";
import { toast } from "sonner";
import { adminOnly } from "@/client/components/admin/read-only-notice";
import { DataErrorFallback } from "@/client/components/error-fallback";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { Skeleton } from "@/client/components/ui/skeleton";
import { Spinner } from "@/client/components/ui/spinner";
import { useAgents } from "@/client/api/agents";
import { errorMessage } from "@/client/lib/api";
import { useRevalidateOrg } from "@/client/api/revalidate-org";
import { saveOrgSettings } from "./api/settings-api";
import { parseDefaultAgentId } from "./settings-values";

const SAVE_FAILED = "Failed to update settings.";

export function PreferencesCard() {
  const { org, isAdmin } = useActiveOrg();
  const revalidateOrg = useRevalidateOrg();
  const agents = useAgents(org.id);
  const saved = org.settings.defaultAgentId === null ? "" : String(org.settings.defaultAgentId);
  const [value, setValue] = useState(saved);
  const [saving, setSaving] = useState(false);
  const gate = adminOnly(isAdmin);

  async function save() {
    setSaving(true);
    try {
      await saveOrgSettings(org.id, { defaultAgentId: parseDefaultAgentId(value) });
      toast.success("Settings updated successfully!");
      await revalidateOrg();
    } catch (failure) {
      toast.error(errorMessage(failure, SAVE_FAILED));
    } finally {
      setSaving(false);
    }
  }

  const list = (agents.data ?? []).filter((a) => !a.deletedAt);
  const missing = value !== "" && agents.data && !list.some((a) => String(a.id) === value);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Preferences</CardTitle>
        <CardDescription>The default agent is the one chats start with when no other agent is chosen.</CardDescription>
      </CardHeader>
      <CardContent>
        {agents.error && !agents.data ? (
          <DataErrorFallback onRetry={() => void agents.mutate()} className="p-4" />
        ) : (
          <div className="grid max-w-md gap-2">
            <Label htmlFor="default-agent">Default Agent</Label>
            {!agents.data ? (
              <Skeleton className="h-9 w-full" aria-label="Loading agents" />
            ) : (
              <NativeSelect
                id="default-agent"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                {...gate}
                disabled={!isAdmin || saving}
              >
                <option value="">Select an agent...</option>
                {missing && <option value={value}>Agent #{value} (not found)</option>}
                {list.map((agent) => (
                  <option key={agent.id} value={String(agent.id)}>
                    {agent.name}
                  </option>
                ))}
              </NativeSelect>
            )}
            {agents.data && list.length === 0 && (
              <p className="text-xs text-muted-foreground">
                Your organization has no agents yet.{isAdmin && " Create one on the Agents tab."}
              </p>
            )}
          </div>
        )}
      </CardContent>
      <CardFooter className="justify-end">
        <Button onClick={() => void save()} {...gate} disabled={!isAdmin || saving || value === saved}>
          {saving && <Spinner label="Saving" />}
          Save Preferences
        </Button>
      </CardFooter>
    </Card>
  );
}
