// TOOLCARD-01..08, 25..27: a tool call as a pill with its status; once there is a result it expands into
// Configuration and Output (tool-output.tsx). call_agent opens its sub-conversation; schedule_task links to the tasks;
// a send_email waiting for its owner shows the draft with Send / Cancel (decision 061); a Sheets call that
// needs the caller's Google account offers Connect with Google (decision 102).
import { Component, useState, type ReactNode } from "react";
import {
  AlertCircle,
  CheckCircle2,
  ChevronDown,
  CircleHelp,
  ExternalLink,
  Loader2,
  MessagesSquare,
} from "lucide-react";
import type { ToolInvocation } from "@ai-sdk/ui-utils";
import { Button } from "@/client/components/ui/button";
import { cn } from "@/client/lib/utils";
import { LongText } from "./long-text";
import { SubConversationViewer, type SubConversationRef } from "./sub-conversation";
import { EmailDraft } from "./email-draft";
import { ConnectAccount, integrationToConnect } from "./connect-account";
import { ToolOutput } from "./tool-output";
import { cardState, errorDetail, statusLine, toolDisplayName } from "./tool-status";

const ICON = { running: Loader2, success: CheckCircle2, error: AlertCircle, unknown: CircleHelp } as const;

export function ToolCard({ invocation, autoExpand = false }: { invocation: ToolInvocation; autoExpand?: boolean }) {
  return (
    <ToolErrorBoundary name={invocation.toolName}>
      <ToolCardInner invocation={invocation} autoExpand={autoExpand} />
    </ToolErrorBoundary>
  );
}

function ToolCardInner({ invocation, autoExpand }: { invocation: ToolInvocation; autoExpand: boolean }) {
  const state = cardState(invocation);
  const hasResult = invocation.state === "result";
  // TOOLCARD-05/06: collapsed by default; a card may open itself on completion.
  const [expanded, setExpanded] = useState(false);
  const open = hasResult && (expanded || (autoExpand && state !== "running"));
  const [subOpen, setSubOpen] = useState(false);
  const args = (invocation.args ?? {}) as Record<string, unknown>;
  const result = hasResult ? (invocation as { result: unknown }).result : undefined;
  const Icon = ICON[state];
  const line = statusLine(invocation.toolName, args, state, result);
  const sub = (result as { subConversation?: SubConversationRef } | undefined)?.subConversation;
  const toConnect = state === "error" ? integrationToConnect(result) : undefined;

  return (
    <div
      className={cn("my-1.5 w-full max-w-xl rounded-lg border text-sm", state === "error" && "border-destructive/40")}
      data-tool={invocation.toolName}
      data-state={state}
    >
      <button
        type="button"
        aria-expanded={open}
        disabled={!hasResult}
        onClick={() => setExpanded(!open)}
        className="flex w-full items-center gap-2 rounded-lg px-3 py-1.5 text-left outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-default disabled:hover:bg-transparent"
      >
        <Icon
          className={cn(
            "size-4 shrink-0",
            state === "running" && "animate-spin text-muted-foreground",
            state === "success" && "text-green-600",
            state === "error" && "text-destructive",
          )}
          aria-hidden
        />
        <span className="min-w-0 flex-1 truncate">{line}</span>
        <span className="hidden text-xs text-muted-foreground sm:inline">{toolDisplayName(invocation.toolName)}</span>
        {hasResult && (
          <ChevronDown className={cn("size-4 shrink-0 transition-transform", open && "rotate-180")} aria-hidden />
        )}
      </button>
      {sub && (
        <div className="border-t px-3 py-1.5">
          <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={() => setSubOpen(true)}>
            <MessagesSquare aria-hidden />
            View sub-conversation
          </Button>
          <SubConversationViewer sub={sub} open={subOpen} onOpenChange={setSubOpen} />
        </div>
      )}
      {toConnect && <ConnectAccount integration={toConnect} />}
      {invocation.toolName === "send_email" && invocation.state === "call" && (
        <EmailDraft toolCallId={invocation.toolCallId} />
      )}
      {invocation.toolName === "schedule_task" && state === "success" && (
        <div className="border-t px-3 py-1.5">
          <a
            href="/control-hub/scheduled-tasks"
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 text-xs text-primary underline"
          >
            Open Scheduled Tasks <ExternalLink className="size-3" aria-hidden />
          </a>
        </div>
      )}
      {open && (
        <div className="flex flex-col gap-3 border-t px-3 py-2">
          <section aria-label="Configuration" className="flex flex-col gap-1">
            <h4 className="text-xs font-medium text-muted-foreground">Configuration</h4>
            <LongText value={args} />
          </section>
          <section aria-label="Output" className="flex flex-col gap-1">
            <h4 className="text-xs font-medium text-muted-foreground">Output</h4>
            {state === "error" ? (
              <p className="text-destructive">
                Error: {invocation.toolName} failed
                <br />
                <span className="text-foreground">{errorDetail(result)}</span>
              </p>
            ) : (
              <ToolOutput toolName={invocation.toolName} result={result} />
            )}
          </section>
        </div>
      )}
    </div>
  );
}

/** TOOLCARD-25: a card that fails to render says so instead of breaking the message. */
class ToolErrorBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (this.state.failed)
      return <p className="my-1 text-sm text-destructive">Error rendering tool {this.props.name}.</p>;
    return this.props.children;
  }
}
