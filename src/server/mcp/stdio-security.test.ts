// Issue 10 item 3: what an allow-listed stdio MCP server can reach. The allow-list is checked on real
// paths (no `..`, no symlink out of a prefix), the server runs sandboxed (own uid, no network, empty
// environment, DATA_DIR never visible, what it is shown read-only), loader and runtime variables are
// refused, and without bubblewrap nothing runs. Against the real echo fixture and real bubblewrap.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getTestContext, type TestContext } from "../test/context";
import { call } from "../test/http";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { SANDBOX_BIN } from "../sandbox/isolation";
import { connectMcpServer } from "./connect";
import type { McpServerConfig } from "./queries";
import { mcpRuntimeOptions, setMcpRuntimeOptions } from "./runtime-options";
import { checkStdioAllowed } from "./stdio-allowlist";

const FIXTURES = path.join(import.meta.dirname, "fixtures");
const NODE = process.execPath;

let ctx: TestContext;
let f: TenancyFixture;
let root: string; // <tmp>/mcp holds an allowed copy of the fixture, <tmp>/evil.mjs lies outside it
let allowedDir: string;
const saved = mcpRuntimeOptions();

beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  root = mkdtempSync(path.join(os.tmpdir(), "sb-mcp-"));
  allowedDir = path.join(root, "mcp");
  mkdirSync(path.join(allowedDir, "data"), { recursive: true });
  for (const dir of [allowedDir, root])
    for (const file of ["echo-stdio.mjs", "echo-tools.mjs"])
      copyFileSync(path.join(FIXTURES, file), path.join(dir, file));
  copyFileSync(path.join(FIXTURES, "echo-stdio.mjs"), path.join(root, "evil.mjs"));
  symlinkSync(path.join(root, "evil.mjs"), path.join(allowedDir, "link.mjs"));
  // The copies import the MCP SDK: give them the project's packages, as an installed server has its own.
  symlinkSync(realpathSync(path.join(FIXTURES, "../../../../node_modules")), path.join(root, "node_modules"));
  mkdirSync(path.join(root, "bin"));
  symlinkSync(NODE, path.join(root, "bin", "node"));
  // Installed the way an operator installs a server: readable by the sandbox's own uid. (The test
  // process runs with the server's umask 077, decision 025, which would make these private.)
  for (const dir of [root, allowedDir, path.join(allowedDir, "data"), path.join(root, "bin")]) chmodSync(dir, 0o755);
  for (const dir of [allowedDir, root])
    for (const file of ["echo-stdio.mjs", "echo-tools.mjs"]) chmodSync(path.join(dir, file), 0o644);
  chmodSync(path.join(root, "evil.mjs"), 0o644);
});
afterEach(() => setMcpRuntimeOptions(saved));
afterAll(() => root && rmSync(root, { recursive: true, force: true }));

const stdio = (args: string[], secrets: Record<string, string> = {}): McpServerConfig => ({
  id: 1,
  name: "Probe",
  type: "stdio",
  command: NODE,
  args,
  url: null,
  secrets,
});

async function withServer<T>(
  server: McpServerConfig,
  use: (tool: (name: string, args?: Record<string, unknown>) => Promise<string>) => Promise<T>,
) {
  const client: Client = await connectMcpServer(server, new AbortController().signal);
  try {
    return await use(
      async (name, args = {}) =>
        ((await client.callTool({ name, arguments: args })).content as Array<{ text: string }>)[0]!.text,
    );
  } finally {
    await client.close();
  }
}

/** POST /api/mcpServers as org A's admin, the operator having allowed `allowlist` (save and spawn read the same one). */
function save(allowlist: Record<string, string[]>, body: Record<string, unknown>) {
  setMcpRuntimeOptions({ stdioAllowlist: allowlist });
  return call(ctx.app, "POST", `/api/mcpServers?orgId=${f.a.id}`, {
    token: f.a.admin.token,
    body: { type: "stdio", name: "Probe", command: NODE, ...body },
  });
}

describe("stdio MCP servers", () => {
  it("security #3: `..` or a symbolic link cannot take an argument out of an allowed folder, when saved (400) or when spawned", async () => {
    const allow = { [NODE]: [`${allowedDir}/*`] };
    setMcpRuntimeOptions({ stdioAllowlist: allow });
    const dotdot = `${allowedDir}/../evil.mjs`;
    const link = `${allowedDir}/link.mjs`;
    const saved1 = await save(allow, { args: [dotdot] });
    expect(saved1.status).toBe(400);
    expect(saved1.body.error).toBe(
      `Argument ${JSON.stringify(dotdot)} is not allowed for ${NODE}: it must not contain .. segments`,
    );
    const saved2 = await save(allow, { args: [link] });
    expect(saved2.status).toBe(400);
    expect(saved2.body.error).toBe(
      `Argument ${JSON.stringify(link)} is not allowed for ${NODE}: it leads outside ${allowedDir}/ through a symbolic link`,
    );
    const missing = await save(allow, { args: [`${allowedDir}/nope.mjs`] });
    expect(missing.body.error).toBe(
      `Argument "${allowedDir}/nope.mjs" is not allowed for ${NODE}: ${allowedDir}/nope.mjs does not exist on this server`,
    );
    // Stored before the fix (or written around the API): refused at spawn, never run.
    await expect(connectMcpServer(stdio([dotdot]), new AbortController().signal)).rejects.toThrow(
      "it must not contain .. segments",
    );
    await expect(connectMcpServer(stdio([link]), new AbortController().signal)).rejects.toThrow(
      "through a symbolic link",
    );
    // What the allow-list means still works.
    expect((await save(allow, { args: [`${allowedDir}/echo-stdio.mjs`] })).status).toBe(201);
    expect(await withServer(stdio([`${allowedDir}/echo-stdio.mjs`]), (tool) => tool("echo", { text: "ok" }))).toBe(
      "echo: ok",
    );
  });

  it("security #3: the same checks hold for a flag's value and for prefixes that are not paths", () => {
    const allow = { [NODE]: [`--root=${allowedDir}/*`], npx: ["-y", "@modelcontextprotocol/*"] };
    expect(() => checkStdioAllowed(allow, NODE, [`--root=${allowedDir}/../evil.mjs`])).toThrow(
      "it must not contain .. segments",
    );
    expect(() => checkStdioAllowed(allow, NODE, [`--root=${allowedDir}/link.mjs`])).toThrow("through a symbolic link");
    const plan = checkStdioAllowed(allow, NODE, [`--root=${allowedDir}/echo-stdio.mjs`]);
    expect(plan.mounts).toContainEqual([realpathSync(allowedDir), allowedDir]);
    expect(() => checkStdioAllowed(allow, "npx", ["-y", "@modelcontextprotocol/../../tmp/evil"])).toThrow(
      "it must not contain .. segments",
    );
  });

  it("security #3: the command is matched and run by its real path", () => {
    const allow = { [path.join(root, "bin", "node")]: [] };
    expect(checkStdioAllowed(allow, `${root}/bin/../bin/node`, []).program).toBe(realpathSync(NODE));
    expect(checkStdioAllowed(allow, NODE, []).program).toBe(realpathSync(NODE)); // the same file
    expect(() => checkStdioAllowed(allow, "/bin/sh", [])).toThrow(
      "Command /bin/sh is not allowed for stdio MCP servers",
    );
    expect(() => checkStdioAllowed({ "/nonexistent/node": [] }, "/nonexistent/node", [])).toThrow(
      "Command /nonexistent/node was not found on this server",
    );
  });

  it("security #3: DATA_DIR stays invisible even inside a folder the allow-list shows, which is read-only", async () => {
    const dataDir = path.join(allowedDir, "data");
    writeFileSync(path.join(dataDir, "secret.key"), "the-master-key", { mode: 0o644 });
    const allow = { [NODE]: [`${allowedDir}/*`] };
    setMcpRuntimeOptions({ stdioAllowlist: allow, dataDir });
    const seen = await withServer(stdio([`${allowedDir}/echo-stdio.mjs`]), async (tool) => ({
      secret: await tool("read_file", { path: path.join(dataDir, "secret.key") }),
      sibling: await tool("read_file", { path: path.join(allowedDir, "echo-tools.mjs") }),
      write: await tool("write_file", { path: path.join(allowedDir, "planted.mjs") }),
      tmp: await tool("write_file", { path: "/tmp/scratch" }),
      outside: await tool("read_file", { path: path.join(root, "evil.mjs") }),
    }));
    expect(seen.secret).toBe("error ENOENT");
    expect(seen.sibling).toContain("createEchoServer");
    expect(seen.write).toBe("error EROFS");
    expect(seen.tmp).toBe("written");
    expect(seen.outside).toBe("error ENOENT");
    // Naming something in DATA_DIR is refused outright.
    const inData = await save(allow, { args: [path.join(dataDir, "secret.key")] });
    expect(inData.status).toBe(400);
    expect(inData.body.error).toContain("lies in Switchboard's data directory");
  });

  it("security #3: loader and runtime variables are refused in env when saved (400) and when spawned", async () => {
    const allow = { [NODE]: [path.join(FIXTURES, "echo-stdio.mjs")] };
    setMcpRuntimeOptions({ stdioAllowlist: allow });
    const args = allow[NODE]!;
    for (const name of [
      "NODE_OPTIONS",
      "LD_PRELOAD",
      "ld_audit",
      "LD_LIBRARY_PATH",
      "DYLD_INSERT_LIBRARIES",
      "GLIBC_TUNABLES",
      "PYTHONPATH",
      "PYTHONSTARTUP",
      "BASH_ENV",
      "ENV",
      "BASH_FUNC_ls%%",
      "PERL5OPT",
      "RUBYOPT",
      "JAVA_TOOL_OPTIONS",
      "npm_config_node_options",
      "GIT_SSH_COMMAND",
    ]) {
      const res = await save(allow, { args, env: { [name]: "x" } });
      expect(res.status, name).toBe(400);
      expect(res.body.error, name).toMatch(
        new RegExp(`^Environment variable (name )?"?${name.replace(/[%]/g, "\\$&")}"? is not (allowed|valid)`),
      );
    }
    expect((await save(allow, { args, env: { PATH: "/tmp" } })).body.error).toBe(
      "Environment variable PATH is set by Switchboard for stdio MCP servers and cannot be configured",
    );
    expect((await save(allow, { args, env: { API_TOKEN: "t", PYTHONUNBUFFERED: "1" } })).status).toBe(201);
    await expect(
      connectMcpServer(stdio(args, { API_TOKEN: "t", LD_PRELOAD: "/tmp/evil.so" }), new AbortController().signal),
    ).rejects.toThrow(
      "Environment variable LD_PRELOAD is not allowed for stdio MCP servers: it can change the code the server runs",
    );
  });

  describe("network", () => {
    let listener: Server;
    let port: number;
    beforeAll(async () => {
      listener = createServer((s) => s.destroy());
      await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
      port = (listener.address() as AddressInfo).port;
    });
    afterAll(() => listener.close());

    it("security #3: a stdio server has no network unless the operator sets MCP_STDIO_NETWORK", async () => {
      const script = path.join(FIXTURES, "echo-stdio.mjs");
      setMcpRuntimeOptions({ stdioAllowlist: { [NODE]: [script] } });
      expect(await withServer(stdio([script]), (tool) => tool("connect", { host: "127.0.0.1", port }))).toMatch(
        /^error (ECONNREFUSED|ENETUNREACH)$/,
      );
      setMcpRuntimeOptions({ stdioNetwork: true });
      expect(await withServer(stdio([script]), (tool) => tool("connect", { host: "127.0.0.1", port }))).toBe(
        "connected",
      );
    });
  });

  it("security #3: without bubblewrap stdio servers are refused with the reason, never run unisolated", async () => {
    const script = path.join(FIXTURES, "echo-stdio.mjs");
    const allow = { [NODE]: [script] };
    setMcpRuntimeOptions({ stdioAllowlist: allow });
    const bwrap = SANDBOX_BIN.bwrap;
    SANDBOX_BIN.bwrap = "/nonexistent/bwrap";
    try {
      const message =
        "Stdio MCP servers cannot run on this server: missing /nonexistent/bwrap (install bubblewrap and util-linux)";
      const res = await save(allow, { args: [script] });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      await expect(connectMcpServer(stdio([script]), new AbortController().signal)).rejects.toThrow(message);
    } finally {
      SANDBOX_BIN.bwrap = bwrap;
    }
  });
});
