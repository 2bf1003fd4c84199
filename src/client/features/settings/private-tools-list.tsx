// The Private Tools list (SET-13..16): a switch per tool; each change is shown at once, posts the whole
// list, and reverts to the last saved list when the save fails.
import { useRef, useState } from "react";
import { toast } from "sonner";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Badge } from "@/client/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Switch } from "@/client/components/ui/switch";
import { HttpError } from "@/client/lib/api";
import { useRevalidateOrg } from "@/client/api/revalidate-org";
import { savePrivateTools } from "./api/settings-api";
import { PRIVATE_TOOLS, togglePrivateTool } from "./settings-values";

export function PrivateToolsList() {
  const { org } = useActiveOrg();
  const revalidateOrg = useRevalidateOrg();
  const [enabled, setEnabled] = useState<string[]>(org.settings.enabledPrivateTools);
  const saved = useRef<string[]>(org.settings.enabledPrivateTools);
  const [saving, setSaving] = useState<string | null>(null);

  async function toggle(name: string, on: boolean) {
    const next = togglePrivateTool(enabled, name, on);
    setEnabled(next);
    setSaving(name);
    try {
      const res = await savePrivateTools(org.id, next);
      saved.current = res.enabledPrivateTools;
      setEnabled(res.enabledPrivateTools);
      toast.success("Private tools settings updated successfully!");
      await revalidateOrg();
    } catch (failure) {
      setEnabled(saved.current);
      toast.error(
        failure instanceof HttpError
          ? "Failed to update private tools settings"
          : "An error occurred while updating private tools settings",
      );
    } finally {
      setSaving(null);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Private Tools</CardTitle>
        <CardDescription>
          Enabled tools can be added to agents by admins; they are then available to everyone who chats with those
          agents.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y rounded-lg border">
          {PRIVATE_TOOLS.map((tool) => {
            const id = `private-tool-${tool.name}`;
            return (
              <li key={tool.name} className="flex items-start gap-4 p-4">
                <div className="grid min-w-0 flex-1 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <label htmlFor={id} className="font-medium">
                      {tool.displayName}
                    </label>
                    {tool.category && <Badge variant="secondary">{tool.category}</Badge>}
                  </div>
                  <p id={`${id}-description`} className="text-sm text-muted-foreground">
                    {tool.description}
                  </p>
                  <code className="text-xs text-muted-foreground">{tool.name}</code>
                </div>
                <Switch
                  id={id}
                  className="mt-0.5"
                  checked={enabled.includes(tool.name)}
                  disabled={saving !== null}
                  aria-describedby={`${id}-description`}
                  onCheckedChange={(on) => void toggle(tool.name, on)}
                />
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
