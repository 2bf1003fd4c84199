// Files attached to the next message: checked (chat spec §5), uploaded at once with progress, at most 4
// at a time (CONST-02), then summarised in one toast per batch (§8).
import { useCallback, useRef, useState } from "react";
import { toast } from "sonner";
import type { Attachment } from "@ai-sdk/ui-utils";
import { checkChatFile, isImageFile, pastedImageName } from "@/shared/files/rules";
import { CHAT_UPLOAD_CONCURRENCY, uploadChatFile, withConcurrency, type UploadedFile } from "./upload-file";
import { pasteToasts, uploadToasts, type UploadOutcome, type UploadToast } from "./upload-summary";

export interface PendingFile {
  id: string;
  name: string;
  size: number;
  isImage: boolean;
  progress: number;
  status: "uploading" | "done" | "error";
  uploaded?: UploadedFile;
}

export type FileSource = "picker" | "drop" | "paste";

const show = (toasts: UploadToast[]) => toasts.forEach((t) => toast[t.kind](t.text));
let counter = 0;

export function useAttachments(orgId: string) {
  const [files, setFiles] = useState<PendingFile[]>([]);
  const removed = useRef(new Set<string>());
  const patch = (id: string, p: Partial<PendingFile>) =>
    setFiles((all) => all.map((f) => (f.id === id ? { ...f, ...p } : f)));

  const add = useCallback(
    async (list: File[], source: FileSource) => {
      const accepted: File[] = [];
      for (const file of list) {
        const check = checkChatFile(file);
        if (check.ok) accepted.push(file);
        else toast.error(check.message);
      }
      if (!accepted.length) return;
      const entries = accepted.map((file) => {
        // FILE-26: pasted images are named pasted_image_{timestamp}.{ext}.
        const name =
          source === "paste"
            ? pastedImageName(Date.now() + counter, file.type.split("/")[1]?.replace("jpeg", "jpg") || "png")
            : file.name;
        const renamed = source === "paste" ? new File([file], name, { type: file.type }) : file;
        return {
          file: renamed,
          entry: {
            id: `f${++counter}`,
            name,
            size: file.size,
            isImage: isImageFile(name, file.type),
            progress: 0,
            status: "uploading" as const,
          },
        };
      });
      setFiles((all) => [...all, ...entries.map((e) => e.entry)]);
      const outcomes = await withConcurrency(
        entries,
        CHAT_UPLOAD_CONCURRENCY,
        async ({ file, entry }): Promise<UploadOutcome> => {
          try {
            const uploaded = await uploadChatFile(orgId, file, (progress) => patch(entry.id, { progress }));
            patch(entry.id, { status: "done", progress: 100, uploaded, name: uploaded.name });
            return { name: entry.name, isImage: entry.isImage, extraction: uploaded.extraction };
          } catch (err) {
            patch(entry.id, { status: "error" });
            return { name: entry.name, isImage: entry.isImage, error: (err as Error).message };
          }
        },
      );
      const kept = outcomes.filter((_, i) => !removed.current.has(entries[i]!.entry.id));
      show(source === "paste" ? pasteToasts(kept) : uploadToasts(kept));
      // Failed uploads leave the list after their toast: they cannot be sent.
      setFiles((all) => all.filter((f) => f.status !== "error"));
    },
    [orgId],
  );

  const remove = useCallback((id: string) => {
    removed.current.add(id);
    setFiles((all) => all.filter((f) => f.id !== id));
  }, []);

  const clear = useCallback(() => setFiles([]), []);

  const uploading = files.some((f) => f.status === "uploading");
  const attachments: Attachment[] = files
    .filter((f) => f.status === "done" && f.uploaded)
    .map((f) => {
      const u = f.uploaded!;
      return {
        name: u.name,
        contentType: u.contentType,
        url: u.url,
        key: u.key,
        contentKey: u.contentKey,
        fileId: u.fileId,
        size: u.size,
      } as Attachment;
    });
  return { files, add, remove, clear, uploading, attachments };
}
