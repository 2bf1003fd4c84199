import { describe, expect, it } from "vitest";
import { stdioEnvRefusal } from "./mcp-env";
import { mcpServerInput } from "./mcp-schema";

describe("stdio MCP server environment variables", () => {
  it("security #3: loader and runtime injection variables are refused, in any case", () => {
    for (const name of [
      "LD_PRELOAD",
      "ld_preload",
      "LD_AUDIT",
      "DYLD_INSERT_LIBRARIES",
      "NODE_OPTIONS",
      "PYTHONPATH",
      "PYTHONWARNINGS",
      "BASH_ENV",
      "BASH_FUNC_x",
      "PERL5LIB",
      "JAVA_TOOL_OPTIONS",
      "DOTNET_STARTUP_HOOKS",
      "GIT_CONFIG_PARAMETERS",
      "OPENSSL_CONF",
    ]) {
      expect(stdioEnvRefusal(name), name).toBe(
        `Environment variable ${name} is not allowed for stdio MCP servers: it can change the code the server runs`,
      );
    }
    expect(stdioEnvRefusal("HOME")).toBe(
      "Environment variable HOME is set by Switchboard for stdio MCP servers and cannot be configured",
    );
    expect(stdioEnvRefusal("A=B")).toMatch(/^Environment variable name "A=B" is not valid/);
  });

  it("security #3: ordinary configuration passes, and the schema reports a refused name on the env field", () => {
    for (const name of ["GITHUB_TOKEN", "OPENAI_API_KEY", "NODE_ENV", "PYTHONUNBUFFERED", "ENVIRONMENT", "LOG_LEVEL"])
      expect(stdioEnvRefusal(name), name).toBeNull();
    const parsed = mcpServerInput.safeParse({
      type: "stdio",
      name: "FS",
      command: "node",
      env: { NODE_OPTIONS: "--require /tmp/x.js" },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ["env", "NODE_OPTIONS"],
      message: expect.stringContaining("NODE_OPTIONS is not allowed"),
    });
  });
});
