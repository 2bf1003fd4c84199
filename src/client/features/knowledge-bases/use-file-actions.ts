// What a file's row menu and the bulk delete do (hub §8): each failure has its spec text; delete
// failures are logged too (KB-72, rulings.md).
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { useSWRConfig } from "swr";
import { isKnowledgeBasesKey } from "@/client/api/knowledge-bases";
import { deleteKbFile, kbFilesKey, retryKbFile } from "./api/kb-files";
import { knowledgeBaseKey } from "./api/kb-manage";
import { signedFileUrl } from "./api/kb-storage";
import type { KbFile } from "./files-table-model";

export const reviewPath = (kbId: string, fileId: KbFile["id"]) =>
  `/control-hub/knowledge-bases/${encodeURIComponent(String(kbId))}/files/${encodeURIComponent(String(fileId))}/review`;

export function useFileActions(orgId: string, kbId: string) {
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const refresh = useCallback(() => {
    void mutate(kbFilesKey(orgId, kbId));
    void mutate(knowledgeBaseKey(orgId, kbId));
    void mutate(isKnowledgeBasesKey);
  }, [mutate, orgId, kbId]);

  const download = useCallback(
    async (file: KbFile) => {
      if (!file.fileKey) {
        toast.error("Missing file key for download");
        return;
      }
      try {
        window.location.assign(await signedFileUrl(orgId, file.fileKey, { filename: file.fileName }));
      } catch (err) {
        console.error(err);
        toast.error("Failed to download file");
      }
    },
    [orgId],
  );

  const retry = useCallback(
    async (file: KbFile) => {
      try {
        const result = await retryKbFile(orgId, kbId, file.id);
        if (result && result.success === false) throw new Error(result.error);
      } catch (err) {
        console.error(err);
        toast.error("Failed to retry processing");
      } finally {
        refresh();
      }
    },
    [orgId, kbId, refresh],
  );

  const remove = useCallback(
    async (file: KbFile) => {
      try {
        await deleteKbFile(orgId, kbId, file.id);
      } catch (err) {
        console.error("Failed to delete file", err);
        toast.error("Failed to delete file");
      } finally {
        refresh();
      }
    },
    [orgId, kbId, refresh],
  );

  const removeMany = useCallback(
    async (files: KbFile[]) => {
      const results = await Promise.allSettled(files.map((f) => deleteKbFile(orgId, kbId, f.id)));
      const failed = results.filter((r) => r.status === "rejected");
      if (failed.length) {
        console.error("Failed to delete some files", failed);
        toast.error("Failed to delete some files");
      }
      refresh();
    },
    [orgId, kbId, refresh],
  );

  const review = useCallback((file: KbFile) => void navigate(reviewPath(kbId, file.id)), [navigate, kbId]);

  return { download, retry, remove, removeMany, review };
}
