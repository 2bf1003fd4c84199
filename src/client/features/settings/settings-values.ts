// Pure helpers of the Settings tab.
import { PRIVATE_TOOL_NAMES, toolDefinitions, toolMetadata } from "@/tools/registry";
import type { ToolMetadata } from "@/tools/define-tool";

/** SET-11: how long "Checking permissions..." shows. */
export const ADMIN_CHECK_DELAY_MS = 1000;

/** SET-07: the select's value as the stored default agent, an integer or null when empty. */
export function parseDefaultAgentId(value: string): number | null {
  const id = Number(value);
  return value !== "" && Number.isInteger(id) && id > 0 ? id : null;
}

/** The tools an admin must enable before agents can use them (SET-13). */
export const PRIVATE_TOOLS: readonly ToolMetadata[] = toolDefinitions.filter((def) => def.isPrivate).map(toolMetadata);

/** The enabled list after switching one tool, in catalogue order and limited to private tools. */
export function togglePrivateTool(enabled: readonly string[], name: string, on: boolean): string[] {
  const next = new Set(enabled);
  if (on) next.add(name);
  else next.delete(name);
  return PRIVATE_TOOL_NAMES.filter((n) => next.has(n));
}
