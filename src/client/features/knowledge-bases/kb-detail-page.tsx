// /control-hub/knowledge-bases/{id} (ROUTE-21; KB-28..45): facts, agents using it, the schema note,
// uploads (button and drop anywhere) with their progress, and the files table, which stays live while
// files are processed.
import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useNavigate, useParams } from "react-router";
import { ArrowLeft, FileJson, Pencil, Upload } from "lucide-react";
import { toast } from "sonner";
import { adminOnly } from "@/client/components/admin/read-only-notice";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useKbFiles } from "./api/kb-files";
import { useKnowledgeBase } from "./api/kb-manage";
import { ExtractedDataDialog } from "./extracted-data-dialog";
import type { KbFile, RowAction } from "./files-table-model";
import { FilesTable } from "./files-table";
import { KbFormDialog } from "./kb-form-dialog";
import { embeddingProviderLabel, KB_TEXTS, type KnowledgeBase } from "@/shared/knowledge-bases";
import { AGENTS_ON_DETAIL, embeddingModelName, firstNames } from "./kb-labels";
import { SchemaDialog } from "./schema-dialog";
import { KbStatusBadge } from "./status-badge";
import { UploadProgressPanel } from "./upload-progress-panel";
import { KB_ACCEPT_ATTRIBUTE } from "./upload-rules";
import { useFileActions } from "./use-file-actions";
import { useKbUpload } from "./use-kb-upload";
import { usePageDrop } from "./use-page-drop";

const LIST = "/control-hub/knowledge-bases";

export function KbDetailPage() {
  const { knowledgeBaseId } = useParams();
  const { org } = useActiveOrg();
  const navigate = useNavigate();
  const id = knowledgeBaseId ?? null;
  const { data, error } = useKnowledgeBase(org.id, id);

  // KB-68: a missing knowledge base, or one that cannot be loaded, sends the user back to the list.
  useEffect(() => {
    if (!error) return;
    toast.error(error.status === 404 ? KB_TEXTS.notFound : "Failed to load knowledge base");
    void navigate(LIST, { replace: true });
  }, [error, navigate]);

  if (!id) return <Navigate to={LIST} replace />;
  if (!data?.knowledgeBase) return <DetailSkeleton />;
  return <KbDetail key={String(data.knowledgeBase.id)} kb={data.knowledgeBase} />;
}

function KbDetail({ kb }: { kb: KnowledgeBase }) {
  const { org, isAdmin } = useActiveOrg();
  const { data: filesData, error: filesError } = useKbFiles(org.id, kb.id);
  const { items, upload } = useKbUpload(org.id, kb.id);
  const actions = useFileActions(org.id, kb.id);
  const dragging = usePageDrop((files) => void upload(files));
  const input = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState(false);
  const [viewingSchema, setViewingSchema] = useState(false);
  const [viewing, setViewing] = useState<KbFile | null>(null);
  const [deleting, setDeleting] = useState<KbFile | null>(null);

  useEffect(() => {
    if (filesError) toast.error("Failed to load files");
  }, [filesError]);

  const usedBy = firstNames(
    kb.agents.map((a) => a.name),
    AGENTS_ON_DETAIL,
  );
  const files = filesData?.files;

  function onAction(file: KbFile, action: RowAction) {
    if (action === "Download File") void actions.download(file);
    else if (action === "View Extracted Data") setViewing(file);
    else if (action === "Review Extracted Data") actions.review(file);
    else if (action === "Retry Processing") void actions.retry(file);
    else setDeleting(file);
  }

  return (
    <section className="relative flex flex-col gap-6">
      <Link to={LIST} className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden />
        Back to Knowledge Bases
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <div className="flex items-center gap-2">
            <h2 className="text-lg font-semibold tracking-tight">{kb.name}</h2>
            <KbStatusBadge status={kb.status} />
          </div>
          {kb.description && <p className="max-w-3xl text-sm text-muted-foreground">{kb.description}</p>}
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => setEditing(true)} {...adminOnly(isAdmin)}>
            <Pencil aria-hidden />
            Edit
          </Button>
          <Button onClick={() => input.current?.click()}>
            <Upload aria-hidden />
            Upload Files
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            hidden
            data-testid="kb-file-input"
            accept={KB_ACCEPT_ATTRIBUTE}
            onChange={(e) => {
              const list = Array.from(e.target.files ?? []);
              e.target.value = "";
              if (list.length) void upload(list);
            }}
          />
        </div>
      </div>
      <Card>
        <CardContent className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <Fact label="Embedding Model">
            {embeddingProviderLabel(kb.embeddingModel)} · {embeddingModelName(kb.embeddingModel)}
          </Fact>
          <Fact label="Dimensions">{kb.embeddingDimensions ?? "—"}</Fact>
          <Fact label="Files">{files?.length ?? kb.fileCount}</Fact>
          <Fact label="Used by">
            {usedBy.shown.length === 0
              ? "No agents"
              : `${usedBy.shown.join(", ")}${usedBy.more > 0 ? ` +${usedBy.more} more` : ""}`}
          </Fact>
        </CardContent>
        {kb.extractionSchema && (
          <CardContent className="flex items-center gap-2 border-t pt-4 text-sm">
            <FileJson className="size-4 text-muted-foreground" aria-hidden />
            <span>
              <span className="font-medium">Extraction Schema:</span> Configured
            </span>
            <Button variant="link" size="sm" className="h-auto p-0" onClick={() => setViewingSchema(true)}>
              View schema
            </Button>
          </CardContent>
        )}
      </Card>
      <UploadProgressPanel items={items} />
      {!files ? (
        <Skeleton className="h-40" aria-label="Loading files" />
      ) : (
        <FilesTable files={files} onAction={onAction} onDeleteMany={actions.removeMany} />
      )}
      {dragging && (
        <div
          aria-hidden
          className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center border-4 border-dashed border-primary bg-background/80 text-lg font-medium"
        >
          Drop files to upload to {kb.name}
        </div>
      )}
      {kb.extractionSchema && (
        <SchemaDialog open={viewingSchema} onOpenChange={setViewingSchema} schema={kb.extractionSchema} />
      )}
      <ExtractedDataDialog file={viewing} onClose={() => setViewing(null)} />
      <KbFormDialog open={editing} onOpenChange={setEditing} knowledgeBase={kb} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete file"
        description={`Are you sure you want to delete ${deleting?.fileName ?? "this file"}? This action cannot be undone.`}
        confirmLabel="Delete"
        onConfirm={() => (deleting ? actions.remove(deleting) : undefined)}
      />
    </section>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="font-medium break-words">{children}</span>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading knowledge base">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-8 w-64" />
      <Skeleton className="h-24" />
      <Skeleton className="h-40" />
    </div>
  );
}
