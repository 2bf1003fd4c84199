// "Default Model Selection" (MODEL-22, MODEL-24): admins pick the default chat and embedding models.
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { ArrowRight, Cpu } from "lucide-react";
import { adminOnly } from "@/client/components/admin/read-only-notice";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { Spinner } from "@/client/components/ui/spinner";
import { setDefaultModel } from "@/client/api/models";
import { HttpError } from "@/client/lib/api";
import { useRevalidateOrg } from "@/client/api/revalidate-org";
import type { CatalogModel } from "@/shared/models/catalog";
import type { ModelPreferences } from "@/shared/org";
import { ModelSelect } from "./model-select";

const SAVE_FAILED = "Failed to update model preferences. Please try again.";

export function DefaultModelsCard({ models, preferences }: { models: CatalogModel[]; preferences: ModelPreferences }) {
  const { org, isAdmin } = useActiveOrg();
  const revalidateOrg = useRevalidateOrg();
  const saved = { chat: preferences.defaultChatModel ?? "", embedding: preferences.defaultEmbeddingModel ?? "" };
  const [chat, setChat] = useState(saved.chat);
  const [embedding, setEmbedding] = useState(saved.embedding);
  const [saving, setSaving] = useState(false);
  const dirty = chat !== saved.chat || embedding !== saved.embedding;
  const gate = adminOnly(isAdmin);
  const hasChat = models.some((m) => m.type === "chat");
  const hasEmbedding = models.some((m) => m.type === "embedding");

  async function save() {
    setSaving(true);
    try {
      const changes = [
        chat !== saved.chat && (["chat", chat || null] as const),
        embedding !== saved.embedding && (["embedding", embedding || null] as const),
      ].filter((c) => c !== false);
      for (const [key, value] of changes) await setDefaultModel(org.id, key, value);
      toast.success("Model preferences updated successfully");
      await revalidateOrg({ models: true });
    } catch (failure) {
      toast.error(SAVE_FAILED);
      // Refused after an earlier change went through: show what is saved now.
      if (failure instanceof HttpError) await revalidateOrg({ models: true });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Default Model Selection</CardTitle>
        <CardDescription>
          New agents start with the default chat model; knowledge bases embed documents with the default embedding
          model.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {!hasChat && (
          <div className="flex flex-col items-start gap-3 rounded-lg border border-dashed p-4 text-sm sm:flex-row sm:items-center">
            <Cpu className="size-5 shrink-0 text-muted-foreground" aria-hidden />
            <p className="flex-1 text-muted-foreground">
              No models are available yet. Connect a model provider to choose your default models.
            </p>
            <Button asChild size="sm" variant="outline">
              <Link to="/control-hub/providers">
                Go to Providers
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          </div>
        )}
        <div className="grid gap-5 md:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor="default-chat-model">Default Chat Model</Label>
            <ModelSelect
              id="default-chat-model"
              models={models}
              type="chat"
              value={chat}
              placeholder={hasChat ? "Select a chat model..." : "No chat models available"}
              onChange={setChat}
              disabled={!isAdmin || saving || (!hasChat && !chat)}
              title={gate.title}
            />
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor="default-embedding-model">Default Embedding Model</Label>
            <ModelSelect
              id="default-embedding-model"
              models={models}
              type="embedding"
              value={embedding}
              placeholder={hasEmbedding ? "Select an embedding model..." : "No embedding models available"}
              onChange={setEmbedding}
              disabled={!isAdmin || saving || (!hasEmbedding && !embedding)}
              title={gate.title}
            />
            {!hasEmbedding && (
              <p className="text-xs text-muted-foreground">Embedding models come from OpenAI or Azure OpenAI.</p>
            )}
          </div>
        </div>
      </CardContent>
      <CardFooter className="justify-end gap-2">
        {dirty && !saving && (
          <Button
            variant="ghost"
            onClick={() => {
              setChat(saved.chat);
              setEmbedding(saved.embedding);
            }}
          >
            Reset
          </Button>
        )}
        <Button onClick={() => void save()} {...gate} disabled={!isAdmin || !dirty || saving}>
          {saving && <Spinner label="Saving" />}
          Save Preferences
        </Button>
      </CardFooter>
    </Card>
  );
}
