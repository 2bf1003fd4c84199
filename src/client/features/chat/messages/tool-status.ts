// The one-line status of a tool-call card (chat spec §4 card states, §8 status lines and error card).
// Each tool's own texts live in its definition (src/tools/<tool>/definition.ts); this file applies them.
import type { ToolResultView } from "@/tools/define-tool";
import { toolsByName } from "@/tools/registry";

export { errorDetail } from "@/tools/status-parts";
export type { ToolResultView };

export type CardState = "running" | "success" | "error" | "unknown";

export const toolDisplayName = (name: string) =>
  (toolsByName as Record<string, { displayName?: string } | undefined>)[name]?.displayName ?? name;

/** TOOLCARD-23/28: status success or error (also as top-level fallbacks); anything else is unknown. */
export function cardState(invocation: { state: string; result?: unknown }): CardState {
  if (invocation.state !== "result") return "running";
  const r = (invocation.result ?? {}) as ToolResultView;
  if (r.status === "success") return "success";
  if (r.status === "error" || (r.status === undefined && r.error !== undefined)) return "error";
  if (r.status === undefined && (r.content !== undefined || typeof invocation.result === "string")) return "success";
  return "unknown";
}

/** TOOLCARD-07/08: running text; then the tool's own success or failure line. */
export function statusLine(
  toolName: string,
  args: Record<string, unknown>,
  state: CardState,
  result?: unknown,
): string {
  const def = toolsByName[toolName];
  const displayName = toolDisplayName(toolName);
  if (state === "running") return def?.progressVerb ?? `Running ${displayName}...`;
  if (state === "unknown") return "Unknown status";
  const ok = state === "success";
  const own = def?.statusLine?.({ ok, args, result: (result ?? {}) as ToolResultView, displayName });
  return own ?? (ok ? `${displayName} finished` : `Error: ${displayName} failed`);
}
