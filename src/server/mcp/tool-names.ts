// Names the model sees for MCP tools: `mcp_<server>_<tool>`, only [a-zA-Z0-9_-] and at most 64
// characters (what the providers accept). The `mcp_` prefix keeps them apart from catalogue tools,
// whose names never start with it; clashes between servers get a numeric suffix.
export const MAX_TOOL_NAME = 64;

const clean = (s: string) =>
  s
    .replace(/[^a-zA-Z0-9_-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");

export function serverSlug(name: string, id: number): string {
  const slug = clean(name.toLowerCase()).slice(0, 24).replace(/_$/, "");
  return slug || `server${id}`;
}

/** A unique name for `tool` of a server with slug `slug`, given the names already taken. */
export function mcpToolName(slug: string, tool: string, taken: ReadonlySet<string>): string {
  const base = `mcp_${slug}_${clean(tool) || "tool"}`.slice(0, MAX_TOOL_NAME);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `_${n}`;
    const name = base.slice(0, MAX_TOOL_NAME - suffix.length) + suffix;
    if (!taken.has(name)) return name;
  }
}
