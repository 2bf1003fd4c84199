// A batch of knowledge-base uploads (hub §4, §5, §8, §9): each file checked, at most min(6, files) at
// once, per-file progress shown until the batch ends (KB-32), then one summary.
import { useCallback, useState } from "react";
import { toast } from "sonner";
import { useSWRConfig } from "swr";
import { withConcurrency } from "@/client/lib/upload";
import { isKnowledgeBasesKey } from "@/client/api/knowledge-bases";
import { sanitizeFileName } from "@/shared/files/rules";
import { kbFilesKey } from "./api/kb-files";
import { knowledgeBaseKey } from "./api/kb-manage";
import { kbFileProblem, kbUploadConcurrency, kbUploadToasts } from "./upload-rules";
import { uploadKbFile } from "./upload-kb-file";

export interface UploadProgress {
  id: string;
  name: string;
  progress: number;
  status: "queued" | "uploading" | "done" | "error";
  error?: string;
}

let counter = 0;

export function useKbUpload(orgId: string, kbId: string) {
  const { mutate } = useSWRConfig();
  const [items, setItems] = useState<UploadProgress[]>([]);
  const patch = (id: string, p: Partial<UploadProgress>) =>
    setItems((all) => all.map((item) => (item.id === id ? { ...item, ...p } : item)));

  const upload = useCallback(
    async (list: readonly File[]) => {
      const accepted = list.filter((file) => {
        const problem = kbFileProblem(file);
        if (problem) toast.error(problem);
        return !problem;
      });
      if (!accepted.length) return;
      const entries = accepted.map((file) => ({
        file,
        item: { id: `u${++counter}`, name: sanitizeFileName(file.name), progress: 0, status: "queued" as const },
      }));
      setItems((all) => [...all, ...entries.map((e) => e.item)]);
      let failed = 0;
      try {
        await withConcurrency(entries, kbUploadConcurrency(entries.length), async ({ file, item }) => {
          patch(item.id, { status: "uploading" });
          try {
            await uploadKbFile(orgId, kbId, file, (progress) => patch(item.id, { progress }));
            patch(item.id, { status: "done", progress: 100 });
            // Each file shows in the table as soon as it is associated.
            void mutate(kbFilesKey(orgId, kbId));
          } catch (err) {
            failed++;
            const message = (err as Error).message;
            patch(item.id, { status: "error", error: message });
            toast.error(message, { description: item.name });
          }
        });
        for (const t of kbUploadToasts(entries.length, failed)) toast[t.kind](t.text);
      } catch (err) {
        console.error(err);
        toast.error("Failed to upload files. Please try again.");
      } finally {
        const ids = new Set(entries.map((e) => e.item.id));
        setItems((all) => all.filter((item) => !ids.has(item.id)));
        void mutate(kbFilesKey(orgId, kbId));
        void mutate(knowledgeBaseKey(orgId, kbId));
        void mutate(isKnowledgeBasesKey);
      }
    },
    [orgId, kbId, mutate],
  );

  return { items, upload, uploading: items.length > 0 };
}
