// TOOLCARD-09/10/12: markdown, JSON or plain text, cut at a preview length with Show more / Show less,
// at most 24rem tall with scrolling.
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { TOOL_PREVIEW_LENGTH } from "@/tools/define-tool";
import { Markdown } from "./markdown";

export function asDisplayText(value: unknown): { text: string; format: "json" | "markdown" | "plain" } {
  if (typeof value === "string") {
    const t = value.trim();
    if ((t.startsWith("{") && t.endsWith("}")) || (t.startsWith("[") && t.endsWith("]"))) {
      try {
        return { text: JSON.stringify(JSON.parse(t), null, 2), format: "json" };
      } catch {
        // not JSON after all
      }
    }
    return { text: value, format: /[#*_`[\]|>-]/.test(value) ? "markdown" : "plain" };
  }
  return { text: JSON.stringify(value ?? null, null, 2), format: "json" };
}

export function LongText({ value, previewLength = TOOL_PREVIEW_LENGTH }: { value: unknown; previewLength?: number }) {
  const [expanded, setExpanded] = useState(false);
  const { text, format } = asDisplayText(value);
  const long = text.length > previewLength;
  const shown = long && !expanded ? `${text.slice(0, previewLength)}…` : text;
  return (
    <div className="flex flex-col gap-1">
      <div className="max-h-[24rem] overflow-y-auto rounded-md bg-muted/60 p-2 text-xs" data-testid="long-text">
        {format === "markdown" ? (
          <Markdown text={shown} />
        ) : (
          <pre className="font-mono whitespace-pre-wrap [overflow-wrap:anywhere]">{shown}</pre>
        )}
      </div>
      {long && (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="h-auto self-start p-0 text-xs"
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? "Show less" : "Show more"}
        </Button>
      )}
    </div>
  );
}
