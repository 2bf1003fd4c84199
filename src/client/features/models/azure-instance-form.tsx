// Adds an Azure instance (MODEL-19/20/23/25): deployment name required, type chat or embedding, the
// underlying model defaulting to gpt-4 or text-embedding-ada-002 until the admin types their own.
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Plus } from "lucide-react";
import { adminOnly } from "@/client/components/admin/read-only-notice";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { Spinner } from "@/client/components/ui/spinner";
import { addAzureInstance } from "@/client/api/models";
import { errorMessage } from "@/client/lib/api";
import { useRevalidateOrg } from "@/client/api/revalidate-org";
import { azureUnderlyingModel } from "@/shared/models/catalog";

const REQUIRED = "Please fill in all required fields";
const ADD_FAILED = "Failed to add Azure instance";

export function AzureInstanceForm({ existing }: { existing: string[] }) {
  const { org, isAdmin } = useActiveOrg();
  const revalidateOrg = useRevalidateOrg();
  const [deploymentName, setDeploymentName] = useState("");
  const [type, setType] = useState<"chat" | "embedding">("chat");
  const [underlyingModel, setUnderlyingModel] = useState(azureUnderlyingModel("chat"));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const gate = adminOnly(isAdmin);

  function changeType(next: "chat" | "embedding") {
    // Follow the type's default unless the admin typed a model of their own.
    if (underlyingModel === azureUnderlyingModel(type) || underlyingModel === "")
      setUnderlyingModel(azureUnderlyingModel(next));
    setType(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const name = deploymentName.trim();
    if (!name) {
      setError(REQUIRED);
      toast.error(REQUIRED);
      return;
    }
    if (existing.includes(name)) {
      setError(`An Azure instance named ${name} already exists`);
      return;
    }
    setSaving(true);
    try {
      await addAzureInstance(org.id, {
        deploymentName: name,
        type,
        underlyingModel: underlyingModel.trim() || azureUnderlyingModel(type),
      });
      toast.success("Azure model instance added successfully");
      setDeploymentName("");
      setError(null);
      await revalidateOrg({ models: true });
    } catch (failure) {
      // The server's reason, when it gave one, is the description (a network failure has none).
      toast.error(ADD_FAILED, { description: errorMessage(failure, "") || undefined });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label="Add Azure instance"
      className="grid gap-4 rounded-lg border bg-muted/30 p-4"
    >
      <h3 className="text-sm font-semibold">Add Azure Instance</h3>
      <div className="grid gap-4 md:grid-cols-[1fr_10rem_1fr_auto] md:items-start">
        <div className="grid gap-2">
          <Label htmlFor="azure-deployment-name">Deployment Name</Label>
          <Input
            id="azure-deployment-name"
            value={deploymentName}
            placeholder="my-gpt-4o"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "azure-deployment-name-error" : undefined}
            onChange={(e) => {
              setDeploymentName(e.target.value);
              setError(null);
            }}
            {...gate}
            disabled={!isAdmin || saving}
          />
          {error && (
            <p id="azure-deployment-name-error" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <Label htmlFor="azure-type">Type</Label>
          <NativeSelect
            id="azure-type"
            value={type}
            onChange={(e) => changeType(e.target.value as "chat" | "embedding")}
            {...gate}
            disabled={!isAdmin || saving}
          >
            <option value="chat">Chat</option>
            <option value="embedding">Embedding</option>
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="azure-underlying-model">Underlying Model</Label>
          <Input
            id="azure-underlying-model"
            value={underlyingModel}
            autoComplete="off"
            onChange={(e) => setUnderlyingModel(e.target.value)}
            {...gate}
            disabled={!isAdmin || saving}
          />
        </div>
        <Button type="submit" className="md:mt-[1.375rem]" {...gate} disabled={!isAdmin || saving}>
          {saving ? <Spinner label="Adding" /> : <Plus aria-hidden />}
          Add Instance
        </Button>
      </div>
    </form>
  );
}
