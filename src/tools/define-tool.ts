// The shape every agent tool shares: metadata shown to admins (and to the model) plus the zod schema
// of its arguments. Definitions are plain data, safe to import in the browser and on the server.
import type { z } from "zod";

export type ToolCategory = "Web & Search" | "Data & Analytics" | "Communication" | "File Management" | "Development" | "Other";

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

export interface ToolDefinition<S extends z.ZodTypeAny = z.ZodTypeAny> extends ToolMetadata {
  input: S;
}

/** Fills the flags most tools leave out: public and not recommended unless said otherwise. */
export function defineTool<S extends z.ZodTypeAny>(
  def: Omit<ToolDefinition<S>, "isPrivate" | "recommended"> & { isPrivate?: boolean; recommended?: boolean },
): ToolDefinition<S> {
  return { ...def, isPrivate: def.isPrivate ?? false, recommended: def.recommended ?? false };
}
