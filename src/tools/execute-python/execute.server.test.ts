// execute_python in the real sandbox (bubblewrap + prlimit + setpriv + timeout): output, limits, and
// what the code cannot reach — the network, the server's environment, the host's files, other runs.
import { existsSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import type { AddressInfo } from "node:net";
import { networkInterfaces } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ToolContext } from "../executor.server";
import { executePython } from "./definition";
import { execute } from "./execute.server";
import { PYTHON_LIMITS, runPython, sandboxUnavailableReason } from "./sandbox.server";
import { processesOf } from "../../server/sandbox/uid-pool";

const ctx = (signal = new AbortController().signal) => ({ abortSignal: signal }) as ToolContext;
const run = (code: string, signal?: AbortSignal) => execute(executePython.input.parse({ code }), ctx(signal));
const defaults = { ...PYTHON_LIMITS };
afterEach(() => Object.assign(PYTHON_LIMITS, defaults));

async function listen(host: string): Promise<{ server: Server; port: number; connections: () => number }> {
  let count = 0;
  const server = createServer((socket) => {
    count++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, connections: () => count };
}

describe("execute_python", () => {
  it("the sandbox is available on this machine (root, bubblewrap, util-linux, /usr/bin/python3)", () => {
    expect(sandboxUnavailableReason()).toBeNull();
  });

  it("[TOOL-13] runs the code and returns its output, exit code, time and the files it wrote", async () => {
    const result = await run(
      'import os\nprint(sum(range(10)))\nopen("report.csv", "w").write("a,b\\n1,2\\n")\nos.mkdir("charts")\nopen("charts/p.txt", "w").write("x")\nos.symlink("/etc/passwd", "link")\nopen("/tmp/scratch", "w").write("not listed")',
    );
    expect(result).toMatchObject({ status: "success", content: "45\n", stdout: "45\n", stderr: "", exitCode: 0 });
    expect(result.durationMs).toBeGreaterThan(0);
    expect(result.outputFiles).toEqual([
      { name: "charts/p.txt", size: 1 },
      { name: "report.csv", size: 8 },
    ]);
  });

  it("hands the working folder to a collector, then removes it", async () => {
    let seen: { dir: string; names: string[] } | undefined;
    await runPython('open("out.txt", "w").write("hello")', {
      collect: async (dir, files) => {
        seen = { dir, names: files.map((f) => f.name) };
        expect(readFileSync(path.join(dir, "out.txt"), "utf8")).toBe("hello");
      },
    });
    expect(seen?.names).toEqual(["out.txt"]);
    await expect.poll(() => existsSync(seen!.dir), { timeout: 5000 }).toBe(false);
  });

  it("an exception is an error result carrying the traceback", async () => {
    const result = await run('print("before")\nraise ValueError("bad input")');
    expect(result).toMatchObject({ status: "error", stdout: "before\n", exitCode: 1 });
    expect(result.error).toMatch(/Traceback[\s\S]*ValueError: bad input/);
  });

  it("an infinite loop is killed near the time limit", async () => {
    PYTHON_LIMITS.timeoutSeconds = 2;
    const started = Date.now();
    const result = await run("while True:\n    pass");
    expect(result).toMatchObject({ status: "error", error: "Execution timed out after 2 s" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    expect(Date.now() - started).toBeLessThan(6000);
  });

  it("a CPU-hungry run stops at the CPU limit", async () => {
    // Wall time is generous: on a loaded machine one CPU second can take several seconds to use up.
    const result = await runPython("while True:\n    pass", { limits: { cpuSeconds: 1, timeoutSeconds: 25 } });
    expect(result).toMatchObject({ cpuLimitExceeded: true, timedOut: false });
  });

  it("a 2 GB allocation fails with MemoryError", async () => {
    const result = await run("x = bytearray(2 * 1024 ** 3)");
    expect(result).toMatchObject({ status: "error", exitCode: 1, error: expect.stringContaining("MemoryError") });
  });

  it("has no network: a server on the host's loopback or its other addresses is unreachable", async () => {
    const hosts = [
      "127.0.0.1",
      ...Object.values(networkInterfaces())
        .flat()
        .filter((i) => i && i.family === "IPv4" && !i.internal)
        .map((i) => i!.address)
        .slice(0, 1),
    ];
    for (const host of hosts) {
      const target = await listen(host);
      try {
        const result = await run(
          `import socket\ns = socket.socket()\ns.settimeout(2)\ntry:\n    s.connect(("${host}", ${target.port}))\n    print("connected")\nexcept OSError as e:\n    print("failed", type(e).__name__)`,
        );
        expect(result.stdout, host).toMatch(/^failed (ConnectionRefusedError|OSError|TimeoutError)/);
        expect(target.connections()).toBe(0);
      } finally {
        target.server.close();
      }
    }
    const dns = await run(
      'import socket\ntry:\n    socket.getaddrinfo("example.com", 443)\n    print("resolved")\nexcept OSError:\n    print("no dns")',
    );
    expect(dns.stdout).toBe("no dns\n");
  });

  it("sees an empty environment, not the server's secrets", async () => {
    const saved = process.env.OPENAI_API_KEY;
    process.env.OPENAI_API_KEY = "sk-test-never-visible-in-the-sandbox";
    try {
      const result = await run(
        'import os, glob\nprint(sorted(os.environ))\nfor p in glob.glob("/proc/*/environ"):\n    try:\n        print(open(p, "rb").read())\n    except OSError:\n        pass',
      );
      expect(result.status).toBe("success");
      expect(result.stdout).not.toContain("sk-test-never-visible");
      expect(result.stdout).not.toContain("OPENAI_API_KEY");
      const names = JSON.parse(String(result.stdout).split("\n")[0]!.replace(/'/g, '"')) as string[];
      expect(names).toEqual(["HOME", "LANG", "LOGNAME", "MPLBACKEND", "MPLCONFIGDIR", "PATH", "PWD", "TMPDIR", "USER"]);
    } finally {
      if (saved === undefined) delete process.env.OPENAI_API_KEY;
      else process.env.OPENAI_API_KEY = saved;
    }
  });

  it("runs as an unprivileged uid with no capabilities, and sees only /usr of the host, read-only", async () => {
    const result = await run(
      [
        "import os",
        "print(os.getuid(), os.getgid(), os.getgroups())",
        'print([l for l in open("/proc/self/status") if l.startswith(("CapEff", "CapBnd", "NoNewPrivs"))])',
        'print(sorted(os.listdir("/")))',
        "for p in ['/usr/x', '/etc/shadow', '/root', '/work/main/package.json']:",
        "    try:",
        "        open(p, 'w' if p.startswith('/usr') else 'r')",
        "        print('reached', p)",
        "    except OSError as e:",
        "        print('denied', p, type(e).__name__)",
      ].join("\n"),
    );
    const [ids, caps, root, ...attempts] = (result.stdout as string).trim().split("\n");
    const uid = Number(ids!.split(" ")[0]);
    expect(uid).toBeGreaterThanOrEqual(PYTHON_LIMITS.uidBase);
    expect(uid).toBeLessThan(PYTHON_LIMITS.uidBase + PYTHON_LIMITS.uidCount);
    expect(ids).toBe(`${uid} ${uid} []`);
    expect(caps).toContain("CapEff:\\t0000000000000000");
    expect(caps).toContain("CapBnd:\\t0000000000000000");
    expect(caps).toContain("NoNewPrivs:\\t1");
    expect(root).not.toMatch(/'(root|home|work|var|opt|srv|mnt)'/);
    expect(attempts).toHaveLength(4);
    expect(attempts.every((line) => line.startsWith("denied"))).toBe(true);
  });

  it("a fork bomb is contained by the process limit and leaves no process behind", async () => {
    PYTHON_LIMITS.timeoutSeconds = 5;
    const started = Date.now();
    const result = await run(
      "import os, sys\nprint(os.getuid(), flush=True)\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass",
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.status).toBe("error");
    const uid = Number(String(result.stdout).split("\n")[0]);
    expect(uid).toBeGreaterThanOrEqual(PYTHON_LIMITS.uidBase);
    // The namespace is torn down by the kernel just after the run ends; on a loaded machine that takes a moment.
    await expect.poll(() => processesOf(uid), { timeout: 10_000, interval: 100 }).toBe(0);
  });

  it("concurrent runs get distinct uids", async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() => runPython("import os, time\ntime.sleep(0.3)\nprint(os.getuid())")),
    );
    expect(new Set(results.map((r) => r.stdout)).size).toBe(3);
  });

  it("caps stdout and stderr, saying how much was cut", async () => {
    const result = await run('import sys\nprint("x" * 200000)\nsys.stderr.write("e" * 100000)');
    expect(result.status).toBe("success");
    expect(result.stdout).toMatch(/^x{65536}\n\[Output truncated: 134465 more bytes\]$/);
    expect(result.stderr).toMatch(/\[Output truncated: 34464 more bytes\]$/);
  });

  it("cancelling the tool call stops the run at once", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const started = Date.now();
    const result = await run("import time\ntime.sleep(30)", controller.signal);
    expect(result).toMatchObject({ status: "error", error: "Execution was cancelled" });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
