// How MCP tools are named for the model and how their results are mapped.
import { describe, expect, it } from "vitest";
import { MAX_TOOL_NAME, mcpToolName, serverSlug } from "./tool-names";
import { toToolResult } from "./tool-result";
import { MAX_RESULT_CHARS } from "./runtime-options";

describe("MCP tool names", () => {
  it("namespace tools by server, keep only [a-zA-Z0-9_-] and at most 64 characters", () => {
    expect(serverSlug("GitHub (work) ✓", 3)).toBe("github_work");
    expect(serverSlug("✓✓", 7)).toBe("server7");
    expect(mcpToolName("github_work", "search.issues/v2", new Set())).toBe("mcp_github_work_search_issues_v2");
    const long = mcpToolName(serverSlug("a".repeat(80), 1), "b".repeat(80), new Set());
    expect(long).toMatch(/^mcp_a{24}_b+$/);
    expect(long.length).toBe(MAX_TOOL_NAME);
  });

  it("never reuse a taken name", () => {
    const taken = new Set(["mcp_s_echo", "mcp_s_echo_2"]);
    expect(mcpToolName("s", "echo", taken)).toBe("mcp_s_echo_3");
    const long = "x".repeat(70);
    const first = mcpToolName("s", long, new Set());
    const second = mcpToolName("s", long, new Set([first]));
    expect(second).not.toBe(first);
    expect(second.length).toBeLessThanOrEqual(MAX_TOOL_NAME);
  });
});

describe("MCP tool results", () => {
  it("join text parts, describe the others, and map isError", () => {
    expect(
      toToolResult({
        content: [
          { type: "text", text: "a" },
          { type: "image", data: "…", mimeType: "image/png" },
          { type: "text", text: "b" },
        ],
      }),
    ).toEqual({
      status: "success",
      content: "a\n[image image/png]\nb",
    });
    expect(toToolResult({ content: [{ type: "text", text: "nope" }], isError: true })).toEqual({
      status: "error",
      error: "nope",
    });
    expect(toToolResult({ content: [], isError: true })).toEqual({
      status: "error",
      error: "The MCP tool reported an error.",
    });
    expect(toToolResult({ content: [], structuredContent: { n: 1 } })).toEqual({
      status: "success",
      content: '{"n":1}',
    });
  });

  it("cap a huge result", () => {
    const r = toToolResult({ content: [{ type: "text", text: "x".repeat(MAX_RESULT_CHARS + 10) }] });
    expect(r.status === "success" && r.content!.endsWith("[truncated]")).toBe(true);
  });
});
