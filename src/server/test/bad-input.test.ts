// Bad input never gets a 5xx: every /api route the router serves is sent, by an admin of its own
// organisation and by a member, malformed JSON, bodies of the wrong shape and type, and path and query
// values that are not ids. Each answer must be a 4xx (or a success that changed nothing it should not).
import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "./context";
import { call } from "./http";
import { createTenancyFixture, type TenancyFixture } from "./tenancy-fixture";
import { registeredApiRoutes } from "./registered-routes";

let ctx: TestContext;
let f: TenancyFixture;

beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
});

const LONG = "x".repeat(20_000);
const NOT_IDS = ["x", "-1", "999999999999999999999", "00000000-0000-0000-0000-000000000000", "%00", LONG.slice(0, 600)];
const BODIES: unknown[] = [
  "{", // not JSON
  "[]",
  "null",
  '"text"',
  {},
  { id: [], name: 7, orgId: {}, agentId: "not-a-number", threadId: 42, messages: "hello", model: null },
  { name: LONG, description: LONG, systemPrompt: LONG, messages: [{ role: "user", content: LONG }] },
  { messages: [{}], tools: "all", mcpServers: [null], conversationStarters: [1, 2], stage: "nonsense" },
  // Ids beyond what the database's integer columns hold.
  { id: 1e12, agentId: 99_999_999_999, conversationId: "x", isHelpful: true, mcpServers: [1e10], settings: { defaultAgentId: 1e15 }, messages: [{ role: "user", content: "hi" }] },
  { name: "Big ids", model: "openai:gpt-4.1", mcpServers: [3_000_000_000] },
  { name: "Big ids", model: "openai:gpt-4.1", tools: { call_agent: { enabled: true, config: { callableAgentIds: [3_000_000_000] } } } },
];

/** The path with each `:param` replaced, and the query params routes read filled with non-ids. */
function paths(route: string, orgId: string): string[] {
  const [, path] = route.split(" ") as [string, string];
  return NOT_IDS.map((bad) => {
    const filled = path.replace(/:[A-Za-z]+/g, encodeURIComponent(bad));
    const q = new URLSearchParams({ orgId, id: bad, threadId: bad, chatId: bad, agentId: bad, conversationId: bad, key: bad, fileId: bad });
    return `${filled}?${q}`;
  });
}

describe("bad input", () => {
  it("no route answers a malformed request with a 5xx", async () => {
    const failures: string[] = [];
    let sent = 0;
    const routes = registeredApiRoutes(ctx.app);
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const method = route.split(" ")[0]!;
      for (const who of [f.a.admin, f.a.member]) {
        const targets = paths(route, f.a.id);
        const bodies = method === "GET" || method === "HEAD" ? [undefined] : BODIES;
        for (const [i, path] of targets.entries()) {
          // Every body against the first path; the first body against the other paths.
          for (const body of i === 0 ? bodies : bodies.slice(0, 1)) {
            const res = await call(ctx.app, method, path, { token: who.token, body });
            sent++;
            if (res.status >= 500) failures.push(`${method} ${path.slice(0, 120)} as ${who.label} with ${JSON.stringify(body)?.slice(0, 80)} → ${res.status} ${res.text.slice(0, 200)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * 10);
  });
});
