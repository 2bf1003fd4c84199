// The shape every agent tool shares: metadata shown to admins (and to the model) plus the zod schema
// of its arguments. Definitions are plain data, safe to import in the browser and on the server.
import type { z } from "zod";

export type ToolCategory =
  "Web & Search" | "Data & Analytics" | "Communication" | "File Management" | "Development" | "Other";

/** Display order of the categories in tool pickers (TOOL-03). */
export const TOOL_CATEGORIES: readonly ToolCategory[] = [
  "Web & Search",
  "Data & Analytics",
  "Communication",
  "File Management",
  "Development",
  "Other",
];

/** Connection key an organisation must have before an agent may use the tool (TOOL-04, TOOL-05). */
export type RequiredIntegration = "snowflake" | "postgres" | "pinecone" | "google-sheets";

export interface ToolMetadata {
  name: string;
  displayName: string;
  description: string;
  category: ToolCategory;
  isPrivate: boolean;
  recommended: boolean;
  requiredIntegration?: RequiredIntegration;
}

/** A tool result as the card reads it: status, content, error and message at the top, anything else beside. */
export interface ToolResultView {
  status?: unknown;
  content?: unknown;
  error?: unknown;
  message?: unknown;
  [key: string]: unknown;
}

/** What a finished card's one line is made from (chat spec §8). */
export interface StatusLineInput {
  ok: boolean;
  args: Record<string, unknown>;
  result: ToolResultView;
  displayName: string;
}

/**
 * Everything about a tool that is not code on one side only: what it is (metadata), what it takes
 * (input), and how its card speaks of it. Its executor (`execute.server.ts`) and card view (`card.tsx`)
 * sit beside this file; registry.ts lists the definitions, and the rest is found from there.
 */
export interface ToolDefinition<S extends z.ZodTypeAny = z.ZodTypeAny> extends ToolMetadata {
  input: S;
  /** The running card's text (chat §4 progress verbs); default "Running {displayName}...". */
  progressVerb?: string;
  /** The finished card's line (chat §8); default "{displayName} finished" / "Error: {displayName} failed". */
  statusLine?: (s: StatusLineInput) => string;
  /** Characters of output shown before Show more (TOOLCARD-10/11); default TOOL_PREVIEW_LENGTH. */
  previewLength?: number;
  /** How long the server lets one call run (TOOLCARD-16); no limit of its own by default. */
  timeoutMs?: number;
}

/** TOOLCARD-10: the output preview length of tools that do not set their own. */
export const TOOL_PREVIEW_LENGTH = 400;

/** Fills the flags most tools leave out: public and not recommended unless said otherwise. */
export function defineTool<S extends z.ZodTypeAny>(
  def: Omit<ToolDefinition<S>, "isPrivate" | "recommended"> & { isPrivate?: boolean; recommended?: boolean },
): ToolDefinition<S> {
  return { ...def, isPrivate: def.isPrivate ?? false, recommended: def.recommended ?? false };
}
