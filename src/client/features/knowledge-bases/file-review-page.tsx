// /control-hub/knowledge-bases/{id}/files/{fileId}/review (ROUTE-22; KB-47..60, KB-69): header facts,
// the 35 % extracted-data form and the 65 % preview. A click on a field's page shows that page.
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { ArrowLeft } from "lucide-react";
import { toast } from "sonner";
import { useSWRConfig } from "swr";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Spinner } from "@/client/components/ui/spinner";
import { KB_TEXTS } from "@/shared/knowledge-bases";
import { kbFilesKey, kbFileKey, saveExtractedData, useKbFile } from "./api/kb-files";
import { useKnowledgeBase } from "./api/kb-manage";
import { ExtractedDataForm } from "./extracted-data-form";
import { FilePreview } from "./file-preview";
import { formatFileSize } from "./kb-labels";
import { FileStatusBadge } from "./status-badge";
import { useFileActions } from "./use-file-actions";

const LIST = "/control-hub/knowledge-bases";
const NO_DATA: Record<string, unknown> = {};

export function FileReviewPage() {
  const { knowledgeBaseId = "", fileId = "" } = useParams();
  const { org } = useActiveOrg();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const kb = useKnowledgeBase(org.id, knowledgeBaseId || null);
  const file = useKbFile(org.id, knowledgeBaseId || null, fileId || null);
  const actions = useFileActions(org.id, knowledgeBaseId);
  const [page, setPage] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const detail = `${LIST}/${encodeURIComponent(knowledgeBaseId)}`;

  // KB-68/69: a missing knowledge base goes back to the list, a missing or unreadable file to the detail.
  useEffect(() => {
    if (kb.error) {
      toast.error(kb.error.status === 404 ? KB_TEXTS.notFound : "Failed to load knowledge base");
      void navigate(LIST, { replace: true });
    } else if (file.error) {
      toast.error(file.error.status === 404 ? KB_TEXTS.fileNotFound : "Failed to load file data");
      void navigate(detail, { replace: true });
    }
  }, [kb.error, file.error, navigate, detail]);

  if (kb.error || file.error) return <p className="p-8 text-center text-sm">{KB_TEXTS.reviewNotFound}</p>;
  if (!kb.data || !file.data)
    return (
      <div className="flex justify-center p-12">
        <Spinner label="Loading file" className="size-6" />
      </div>
    );
  const knowledgeBase = kb.data.knowledgeBase;
  const current = file.data.file;

  async function save(extractedData: Record<string, unknown>) {
    setSaving(true);
    try {
      await saveExtractedData(org.id, { kbId: knowledgeBaseId, fileId, extractedData });
      await mutate(kbFileKey(org.id, knowledgeBaseId, fileId));
      void mutate(kbFilesKey(org.id, knowledgeBaseId));
      return true;
    } catch (err) {
      console.error(err);
      toast.error("Failed to save extracted data");
      return false;
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="flex flex-col gap-4">
      <header className="grid gap-2">
        <Link to={detail} className="flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ArrowLeft className="size-4" aria-hidden />
          Back to Knowledge Base
        </Link>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 className="text-lg font-semibold tracking-tight break-all">{current.fileName}</h2>
          <FileStatusBadge status={current.processingStatus} error={current.processingError} />
        </div>
        <p className="text-sm text-muted-foreground">
          {formatFileSize(current.fileSize)} · {knowledgeBase.name}
        </p>
      </header>
      <div className="flex flex-col gap-4 md:h-[calc(100vh-16rem)] md:min-h-[32rem] md:flex-row">
        <div className="overflow-y-auto rounded-lg border p-4 md:w-[35%]">
          <h3 className="mb-3 text-sm font-semibold">Extracted Data</h3>
          <ExtractedDataForm
            key={JSON.stringify(current.extractedData ?? null)}
            schema={knowledgeBase.extractionSchema}
            data={current.extractedData ?? NO_DATA}
            pages={current.extractedDataPages}
            saving={saving}
            onShowPage={setPage}
            onSave={save}
          />
        </div>
        <div
          className="min-h-[28rem] overflow-hidden rounded-lg border md:w-[65%]"
          aria-label="File preview"
          role="region"
        >
          <FilePreview orgId={org.id} file={current} page={page} onDownload={() => void actions.download(current)} />
        </div>
      </div>
    </section>
  );
}
