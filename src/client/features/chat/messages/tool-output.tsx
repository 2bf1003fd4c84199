// The Output section of a tool-call card: the tool's own view (src/tools/<tool>/card.tsx) when the
// result fits its schema (chat spec §3 result shapes), else the shared long-text viewer; then any
// generated files.
import { TOOL_PREVIEW_LENGTH } from "@/tools/define-tool";
import { toolsByName } from "@/tools/registry";
import { LongText } from "./long-text";
import type { ToolCardView } from "./tool-views/card-view";
import { GeneratedFiles, generatedFilesOf } from "./tool-views/generated-files";
import { outputOf } from "./tool-views/payload";

// Every tool folder's card.tsx, found by Vite at build time: a new view needs no list. The folder is
// the tool's name in kebab case (src/tools/postgres-sql → postgres_sql).
const modules = import.meta.glob<{ card: ToolCardView }>("../../../../tools/*/card.tsx", { eager: true });
export const TOOL_CARDS: Readonly<Record<string, ToolCardView>> = Object.fromEntries(
  Object.entries(modules).map(([path, mod]) => [path.split("/").at(-2)!.replaceAll("-", "_"), mod.card]),
);

export function ToolOutput({ toolName, result }: { toolName: string; result: unknown }) {
  // TOOLCARD-10/11: 400 characters unless the tool sets its own (deep research 500, email 300).
  const previewLength = toolsByName[toolName]?.previewLength ?? TOOL_PREVIEW_LENGTH;
  const files = generatedFilesOf(result);
  return (
    <>
      {TOOL_CARDS[toolName]?.render(result, previewLength) ?? (
        <LongText value={outputOf(result)} previewLength={previewLength} />
      )}
      {files.length > 0 && <GeneratedFiles files={files} />}
    </>
  );
}
