import { describe, expect, it } from "vitest";
import { emptyMcpServerForm, mcpServerTarget, parseMcpServerForm } from "./mcp-server-form";

describe("parseMcpServerForm", () => {
  it("AGENT-11: an http server needs a name and a valid URL", () => {
    const bad = parseMcpServerForm({ ...emptyMcpServerForm(), url: "nope" });
    expect(bad.ok ? {} : bad.errors).toEqual({ name: "Name is required", url: "URL must be a valid URL" });
    const good = parseMcpServerForm({
      ...emptyMcpServerForm(),
      type: "sse",
      name: "Docs",
      url: "https://mcp.example.com/sse",
    });
    expect(good.ok && good.input).toMatchObject({ type: "sse", name: "Docs", url: "https://mcp.example.com/sse" });
  });
  it("AGENT-11: a stdio server takes a command and one argument per line", () => {
    const parsed = parseMcpServerForm({
      ...emptyMcpServerForm(),
      type: "stdio",
      name: "FS",
      command: "npx",
      args: "-y\n @scope/server \n\n",
    });
    expect(parsed.ok && parsed.input).toMatchObject({ type: "stdio", command: "npx", args: ["-y", "@scope/server"] });
    const missing = parseMcpServerForm({ ...emptyMcpServerForm(), type: "stdio", name: "FS" });
    expect(missing.ok ? {} : missing.errors).toEqual({ command: "Command is required" });
  });
});

describe("mcpServerTarget", () => {
  it("AGENT-11: stdio shows its command, other types their URL", () => {
    expect(mcpServerTarget({ type: "stdio", command: "npx", args: ["-y", "srv"] })).toBe("npx -y srv");
    expect(mcpServerTarget({ type: "http", url: "https://x.example/mcp" })).toBe("https://x.example/mcp");
  });
});
