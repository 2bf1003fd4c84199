// Issue 17 #20: Better Auth's log lines come out as our JSON lines, never coloured console text.
import { afterEach, describe, expect, it, vi } from "vitest";
import { setLogLevel } from "../logger";
import { getTestContext } from "../test/context";
import { authLog } from "./auth-logger";
import { resolveAuth } from "./lazy-auth";

afterEach(() => {
  vi.restoreAllMocks();
  setLogLevel("error");
});

describe("Better Auth's logger", () => {
  it("writes one JSON line per event, errors reduced to name and message", () => {
    setLogLevel("debug");
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    authLog("error", "Failed to create session", new TypeError("boom"), { code: 42 });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.includes("\u001b[")).toBe(false); // no terminal colours
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: "error",
      msg: "auth: Failed to create session",
      details: [{ name: "TypeError", message: "boom" }, '{"code":42}'],
    });
  });

  it("the Better Auth instance the server runs is configured with it", async () => {
    const ctx = await getTestContext();
    expect((await resolveAuth(ctx.services.auth)).options.logger?.log).toBe(authLog);
  }, 90_000);
});
