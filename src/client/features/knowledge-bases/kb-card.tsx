// A knowledge base's card on the list (KB-03..06, KB-09).
import { useState } from "react";
import { Link } from "react-router";
import { Bot, FileText, FolderOpen, Trash2 } from "lucide-react";
import { adminOnly } from "@/client/components/admin/read-only-notice";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/client/components/ui/card";
import { KB_TEXTS, type KnowledgeBase } from "@/shared/knowledge-bases";
import { AGENTS_ON_CARD, embeddingLine, firstNames } from "./kb-labels";
import { KbStatusBadge } from "./status-badge";

export function KbCard({
  kb,
  agentNames,
  canDelete,
  onDelete,
}: {
  kb: KnowledgeBase;
  agentNames: string[];
  /** Deleting a knowledge base is for admins (decision 045); members see the button disabled. */
  canDelete: boolean;
  onDelete: () => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const agents = firstNames(agentNames, AGENTS_ON_CARD);
  const updated = new Date(kb.updatedAt);
  return (
    <Card className="flex flex-col" aria-label={kb.name} role="article">
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle className="text-base break-words">{kb.name}</CardTitle>
          <KbStatusBadge status={kb.status} />
        </div>
        {kb.description && <CardDescription className="line-clamp-2">{kb.description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid flex-1 gap-2 text-sm">
        <p className="flex items-center gap-2">
          <FileText className="size-4 text-muted-foreground" aria-hidden />
          {kb.fileCount === 1 ? "1 file" : `${kb.fileCount} files`}
        </p>
        <p className="text-muted-foreground">{embeddingLine(kb)}</p>
        <div className="flex flex-wrap items-center gap-1.5">
          <Bot className="size-4 text-muted-foreground" aria-hidden />
          {agentNames.length === 0 ? (
            <span className="text-muted-foreground">Not used by any agent</span>
          ) : (
            <>
              {agents.shown.map((name) => (
                <span key={name} className="rounded bg-muted px-1.5 py-0.5 text-xs">
                  {name}
                </span>
              ))}
              {agents.more > 0 && <span className="text-xs text-muted-foreground">+{agents.more} more</span>}
            </>
          )}
        </div>
        <p className="text-xs text-muted-foreground">
          Updated {Number.isNaN(updated.getTime()) ? "—" : updated.toLocaleDateString()}
        </p>
      </CardContent>
      <CardFooter className="gap-2">
        <Button asChild variant="outline" size="sm" className="flex-1">
          <Link to={`/control-hub/knowledge-bases/${encodeURIComponent(String(kb.id))}`}>
            <FolderOpen aria-hidden />
            Manage Files
          </Link>
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="text-destructive"
          onClick={() => setConfirming(true)}
          {...adminOnly(canDelete)}
        >
          <Trash2 aria-hidden />
          Delete
        </Button>
      </CardFooter>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete knowledge base"
        description={KB_TEXTS.deleteConfirm}
        confirmLabel="Delete"
        onConfirm={onDelete}
      />
    </Card>
  );
}
