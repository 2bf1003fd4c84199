// A fenced code block in a reply: a bar with the language and a Copy button, then the code, plain until
// the lazily loaded highlighter colours it (same box and font either way, so nothing moves).
import { CopyCodeButton } from "./copy-code-button";
import { useHighlighted } from "./use-highlighted";

export function CodeBlock({ code, language }: { code: string; language?: string }) {
  const highlighted = useHighlighted(code, language);
  return (
    <figure
      aria-label={`Code, ${language ?? "plain text"}`}
      className="my-2 overflow-hidden rounded-lg border bg-muted"
    >
      <div className="flex items-center justify-between border-b py-0.5 pr-1 pl-3 text-xs text-muted-foreground">
        <span>{language ?? "text"}</span>
        <CopyCodeButton code={code} />
      </div>
      {/* Focusable so a keyboard can scroll a long line sideways (WCAG 2.1.1). */}
      <pre
        tabIndex={0}
        className="overflow-x-auto p-3 text-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
      >
        <code className={language ? `hljs language-${language}` : undefined}>{highlighted ?? code}</code>
      </pre>
    </figure>
  );
}
