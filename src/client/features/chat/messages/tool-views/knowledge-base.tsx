// TOOL-33/35/37: knowledge-base passages, fetched pages and file reads.
import type { KbFilePagesResult } from "@/tools/get-kb-file-pages/result";
import type { ReadKbFileResult } from "@/tools/read-kb-file/result";
import type { SearchKnowledgeBaseResult } from "@/tools/search-knowledge-base/result";
import { ImageAttachment } from "../image-attachment";
import { LongText } from "../long-text";
import { Notice } from "./notice";
import { ResultList } from "./result-list";
import { EMPTY_KNOWLEDGE, RESULT_TEXT_CUT, TEXT_PREVIEW_CAP, cut, truncationWarning } from "./text";

/** TOOLCARD-20: 0.8734 → 87.3% */
export const matchPercent = (similarityScore: number) => `${(similarityScore * 100).toFixed(1)}%`;

const pagesLabel = (pages: readonly number[]) =>
  pages.length === 0 ? null : `${pages.length === 1 ? "Page" : "Pages"} ${pages.join(", ")}`;

export function KbSearchView({ data }: { data: SearchKnowledgeBaseResult }) {
  return (
    <ResultList
      items={data.results}
      empty={EMPTY_KNOWLEDGE}
      render={(r) => (
        <>
          <p className="flex flex-wrap gap-x-1.5">
            <span className="font-medium">{r.fileName}</span>
            <span className="text-muted-foreground">
              {[r.knowledgeBaseName, pagesLabel(r.pageNumbers), r.searchType].filter(Boolean).join(" · ")}
            </span>
            <span className="ml-auto font-medium tabular-nums">{matchPercent(r.similarityScore)}</span>
          </p>
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{cut(r.content, RESULT_TEXT_CUT)}</p>
        </>
      )}
    />
  );
}

export function KbFilePagesView({ data }: { data: KbFilePagesResult }) {
  return (
    <>
      <Notice>
        {[data.file.fileName, data.file.knowledgeBaseName, pagesLabel(data.pages)].filter(Boolean).join(" · ")}
      </Notice>
      <LongText value={cut(data.text, TEXT_PREVIEW_CAP)} />
      {data.images.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {data.images.map((img) => (
            <ImageAttachment key={img.key} r2Path={img.key} name={`${data.file.fileName}, page ${img.page}`} />
          ))}
        </div>
      )}
    </>
  );
}

export function KbFileReadView({ data }: { data: ReadKbFileResult }) {
  return (
    <>
      <Notice>
        {data.file.fileName} · {data.file.knowledgeBaseName} · {data.chunksReturned} of {data.file.totalChunks} chunks
      </Notice>
      <LongText value={cut(data.text, TEXT_PREVIEW_CAP)} />
      {data.truncatedChunks > 0 && <Notice warning>{truncationWarning(data.truncatedChunks)}</Notice>}
    </>
  );
}
