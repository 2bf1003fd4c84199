// "Add MCP server": an http/sse server by URL, or a stdio server by command and arguments. The
// server may refuse stdio (operator allow-list); its message is shown as it is.
import { useState } from "react";
import { Plus } from "lucide-react";
import { toast } from "sonner";
import { Alert, AlertDescription } from "@/client/components/ui/alert";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/client/components/ui/dialog";
import { Input } from "@/client/components/ui/input";
import { NativeSelect, NativeSelectOption } from "@/client/components/ui/native-select";
import { Textarea } from "@/client/components/ui/textarea";
import { errorMessage } from "@/client/lib/api";
import { createMcpServer, type McpServerInfo } from "./api/mcp-servers";
import { FormField, fieldA11y } from "@/client/components/form-field";
import {
  emptyMcpServerForm,
  parseMcpServerForm,
  type McpServerFormValues,
  type McpServerType,
} from "./mcp-server-form";

export function AddMcpServerDialog({
  orgId,
  onAdded,
}: {
  orgId: string;
  onAdded: (server: McpServerInfo) => void | Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<McpServerFormValues>(emptyMcpServerForm);
  const [showErrors, setShowErrors] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const parsed = parseMcpServerForm(values);
  const errors = showErrors && !parsed.ok ? parsed.errors : {};
  const set = <K extends keyof McpServerFormValues>(key: K, value: McpServerFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const reset = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setValues(emptyMcpServerForm());
      setShowErrors(false);
      setServerError(null);
    }
  };

  const submit = async () => {
    setShowErrors(true);
    if (!parsed.ok) return;
    setSaving(true);
    setServerError(null);
    let server: McpServerInfo;
    try {
      server = await createMcpServer(orgId, parsed.input);
    } catch (failure) {
      setServerError(errorMessage(failure, "Failed to add MCP server"));
      return;
    } finally {
      setSaving(false);
    }
    toast.success(`MCP server "${server.name}" added`);
    await onAdded(server);
    reset(false);
  };

  return (
    <Dialog open={open} onOpenChange={reset}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm" className="w-fit">
          <Plus />
          Add MCP server
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add MCP server</DialogTitle>
          <DialogDescription>Available to every agent of your organization once added.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            // The dialog is portalled out of the agent form in the DOM but not in React's tree.
            e.stopPropagation();
            void submit();
          }}
        >
          <FormField id="mcp-type" label="Type">
            <NativeSelect
              id="mcp-type"
              value={values.type}
              onChange={(e) => set("type", e.target.value as McpServerType)}
            >
              <NativeSelectOption value="http">HTTP</NativeSelectOption>
              <NativeSelectOption value="sse">SSE</NativeSelectOption>
              <NativeSelectOption value="stdio">stdio (local command)</NativeSelectOption>
            </NativeSelect>
          </FormField>
          <FormField id="mcp-name" label="Name" error={errors.name}>
            <Input
              {...fieldA11y("mcp-name", { error: errors.name })}
              value={values.name}
              onChange={(e) => set("name", e.target.value)}
            />
          </FormField>
          <FormField id="mcp-description" label="Description">
            <Input
              id="mcp-description"
              value={values.description}
              onChange={(e) => set("description", e.target.value)}
            />
          </FormField>
          {values.type === "stdio" ? (
            <>
              <FormField id="mcp-command" label="Command" error={errors.command}>
                <Input
                  {...fieldA11y("mcp-command", { error: errors.command })}
                  placeholder="npx"
                  value={values.command}
                  onChange={(e) => set("command", e.target.value)}
                />
              </FormField>
              <FormField id="mcp-args" label="Arguments" hint="One argument per line.">
                <Textarea
                  {...fieldA11y("mcp-args", { hint: true })}
                  rows={3}
                  className="font-mono"
                  value={values.args}
                  onChange={(e) => set("args", e.target.value)}
                />
              </FormField>
            </>
          ) : (
            <FormField id="mcp-url" label="URL" error={errors.url}>
              <Input
                {...fieldA11y("mcp-url", { error: errors.url })}
                type="url"
                placeholder="https://mcp.example.com/mcp"
                value={values.url}
                onChange={(e) => set("url", e.target.value)}
              />
            </FormField>
          )}
          {serverError && (
            <Alert variant="destructive">
              <AlertDescription>{serverError}</AlertDescription>
            </Alert>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => reset(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Adding…" : "Add server"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
