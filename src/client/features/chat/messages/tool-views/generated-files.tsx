// TOOLCARD-24: files a tool generated, each with its size and the shared download flow.
import { FileText } from "lucide-react";
import { generatedFile, type GeneratedFile } from "@/tools/result-parts";
import { formatKb } from "@/shared/files/rules";
import { DownloadButton } from "../download-button";

/** The well-formed entries of a result's files, if it has any. */
export function generatedFilesOf(result: unknown): GeneratedFile[] {
  const files = (result as { files?: unknown } | null | undefined)?.files;
  if (!Array.isArray(files)) return [];
  return files.flatMap((f) => {
    const parsed = generatedFile.safeParse(f);
    return parsed.success ? [parsed.data] : [];
  });
}

export function GeneratedFiles({ files }: { files: readonly GeneratedFile[] }) {
  return (
    <ul aria-label="Generated files" className="flex flex-col gap-1.5">
      {files.map((f) => (
        <li key={f.fileId || f.r2_path} className="flex items-center gap-2 rounded-md border px-2 py-1.5 text-xs">
          <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0 flex-1 truncate font-medium" title={f.filename}>
            {f.filename}
          </span>
          <span className="text-muted-foreground">{formatKb(f.size)}</span>
          <DownloadButton r2Path={f.r2_path} filename={f.filename} resetKey={f.fileId} />
        </li>
      ))}
    </ul>
  );
}
