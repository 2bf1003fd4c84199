// MSG-17..20: ```meeting, ```incident and ```ticket blocks as collapsible panels with a line count.
import { useState } from "react";
import { ChevronRight } from "lucide-react";
import { cn } from "@/client/lib/utils";

export const PANEL_KINDS = {
  meeting: "border-green-500",
  incident: "border-red-500",
  ticket: "border-yellow-500",
} as const;
export type PanelKind = keyof typeof PANEL_KINDS;

export const isPanelKind = (lang: string | undefined): lang is PanelKind => !!lang && lang in PANEL_KINDS;

export function CodePanel({ kind, text }: { kind: PanelKind; text: string }) {
  const [open, setOpen] = useState(false);
  const lines = text.replace(/\n$/, "").split("\n").length;
  return (
    <div data-panel={kind} className={cn("my-2 rounded-lg border-2 bg-muted/30", PANEL_KINDS[kind])}>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm font-medium capitalize"
      >
        <ChevronRight className={cn("size-4 transition-transform", open && "rotate-90")} aria-hidden />
        {kind}
        <span className="ml-auto text-xs font-normal text-muted-foreground normal-case">
          {lines} {lines === 1 ? "line" : "lines"}
        </span>
      </button>
      {open && <pre className="overflow-x-auto border-t px-3 py-2 text-xs whitespace-pre-wrap">{text}</pre>}
    </div>
  );
}
