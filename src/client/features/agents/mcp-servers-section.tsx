// The organisation's MCP servers the agent may use (AGENT-10, AGENT-11); admins add and delete them.
import { memo } from "react";
import { Server, Trash2 } from "lucide-react";
import { toast } from "sonner";
import { useSWRConfig } from "swr";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Checkbox } from "@/client/components/ui/checkbox";
import { Label } from "@/client/components/ui/label";
import { Skeleton } from "@/client/components/ui/skeleton";
import { errorMessage } from "@/client/lib/api";
import { isUserInfoKey } from "@/client/api/user-info";
import { deleteMcpServer, mcpServersKey, useMcpServers, type McpServerInfo } from "./api/mcp-servers";
import { AddMcpServerDialog } from "./add-mcp-server-dialog";
import { FormSection } from "./form-section";
import { mcpServerTarget } from "./mcp-server-form";
import { toggleId } from "./tool-settings";

function McpServerRow({
  server,
  checked,
  onCheckedChange,
  onDelete,
}: {
  server: McpServerInfo;
  checked: boolean;
  onCheckedChange: (on: boolean) => void;
  onDelete?: () => void;
}) {
  const id = `mcp-server-${server.id}`;
  return (
    <li className="flex items-start gap-3 rounded-lg border p-3">
      <Checkbox id={id} className="mt-0.5" checked={checked} onCheckedChange={(s) => onCheckedChange(s === true)} />
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={id}>{server.name}</Label>
          <Badge variant="outline" className="uppercase">
            {server.type}
          </Badge>
          {!server.enabled && <Badge variant="secondary">Disabled</Badge>}
        </div>
        <code className="truncate font-mono text-xs text-muted-foreground">{mcpServerTarget(server)}</code>
        {server.description && <p className="text-xs text-muted-foreground">{server.description}</p>}
      </div>
      {onDelete && (
        <Button
          type="button"
          variant="ghost"
          size="icon-sm"
          aria-label={`Delete MCP server ${server.name}`}
          onClick={onDelete}
        >
          <Trash2 />
        </Button>
      )}
    </li>
  );
}

export const McpServersSection = memo(function McpServersSection({
  orgId,
  isAdmin,
  selected,
  onChange,
}: {
  orgId: string;
  isAdmin: boolean;
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const { data, error } = useMcpServers(orgId);
  const { mutate } = useSWRConfig();
  const servers = data?.mcpServers;

  const refresh = () => Promise.all([mutate(mcpServersKey(orgId)), mutate(isUserInfoKey)]);

  const remove = async (server: McpServerInfo) => {
    if (!window.confirm(`Delete the MCP server "${server.name}"? Agents that use it will stop using it.`)) return;
    try {
      await deleteMcpServer(orgId, server.id);
    } catch (failure) {
      toast.error(errorMessage(failure, "Failed to delete MCP server"));
      return;
    }
    onChange(selected.filter((id) => id !== server.id));
    toast.success(`MCP server "${server.name}" deleted`);
    await refresh();
  };

  return (
    <FormSection title="MCP Servers" description="Model Context Protocol servers whose tools this agent may use.">
      {isAdmin && (
        <AddMcpServerDialog
          orgId={orgId}
          onAdded={async (server) => {
            onChange([...selected, server.id]);
            await refresh();
          }}
        />
      )}
      {error && !servers ? (
        <p className="text-sm text-destructive">Failed to load MCP servers.</p>
      ) : !servers ? (
        <Skeleton className="h-16" />
      ) : servers.length === 0 ? (
        <div className="flex items-center gap-3 rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          <Server className="size-4" aria-hidden />
          No MCP servers yet{isAdmin ? "." : "; an admin can add them."}
        </div>
      ) : (
        <ul className="grid gap-2">
          {servers.map((server) => (
            <McpServerRow
              key={server.id}
              server={server}
              checked={selected.includes(server.id)}
              onCheckedChange={(on) => onChange(toggleId(selected, server.id, on))}
              onDelete={isAdmin ? () => void remove(server) : undefined}
            />
          ))}
        </ul>
      )}
    </FormSection>
  );
});
