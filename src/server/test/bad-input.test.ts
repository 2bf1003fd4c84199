// Bad input never gets a 5xx: every /api route the router serves is sent, by an admin of its own
// organisation and by a member, malformed JSON, bodies of the wrong shape, type, size, depth and content
// type, NUL characters, and path and query values that are not ids. Each answer must be below 500.
// Every query parameter a route reads (found by watching it read them) also gets NUL, overlong values,
// invalid UTF-8 percent-encodings and repeated keys.
import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "./context";
import { call } from "./http";
import { createTenancyFixture, type TenancyFixture } from "./tenancy-fixture";
import { registeredApiRoutes } from "./registered-routes";
import { queryReadsOf } from "./query-reads";

let ctx: TestContext;
let f: TenancyFixture;

beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
});

const LONG = "x".repeat(20_000);
const NOT_IDS = [
  "x",
  "-1",
  "999999999999999999999",
  "00000000-0000-0000-0000-000000000000",
  "%00",
  "\u0000",
  LONG.slice(0, 600),
];
const BODIES: unknown[] = [
  "{", // not JSON
  "[]",
  "null",
  '"text"',
  {},
  { id: [], name: 7, orgId: {}, agentId: "not-a-number", threadId: 42, messages: "hello", model: null },
  { name: LONG, description: LONG, systemPrompt: LONG, messages: [{ role: "user", content: LONG }] },
  { messages: [{}], tools: "all", mcpServers: [null], conversationStarters: [1, 2], stage: "nonsense" },
  // NUL characters, which PostgreSQL text cannot hold, in every string a route might store.
  {
    name: "nul\u0000name",
    description: "nul\u0000",
    systemPrompt: "nul\u0000",
    model: "openai:gpt-4.1",
    conversationStarters: ["a\u0000b"],
    threadId: "x\u0000",
    conversationId: "x\u0000",
    newName: "renamed\u0000",
    title: "t\u0000",
    comment: "c\u0000",
    isHelpful: true,
    messages: [{ id: "m\u0000", role: "user", content: "hello\u0000world" }],
  },
  // Deep nesting and long arrays (within the 1 MiB body limit).
  JSON.stringify({
    messages: JSON.parse("[".repeat(3000) + "]".repeat(3000)),
    name: JSON.parse("[".repeat(3000) + "]".repeat(3000)),
  }),
  {
    messages: Array.from({ length: 5000 }, (_, i) => ({ id: String(i), role: "user", content: "x" })),
    conversationStarters: Array.from({ length: 5000 }, () => "s"),
  },
  {
    maxToolRoundtrips: 1e308,
    agentId: -0,
    id: "1e3",
    isHelpful: "yes",
    settings: { defaultAgentId: "NaN" },
    stage: 1,
    model: ["openai:gpt-4.1"],
  },
  // A NUL deep inside what a route stores as JSON.
  JSON.stringify({
    messages: [
      {
        role: "user",
        content: "deep",
        parts: [{ type: "text", text: "deep", extra: JSON.parse('{"a":'.repeat(100) + '"\\u0000"' + "}".repeat(100)) }],
      },
    ],
  }),
  // Ids beyond what the database's integer columns hold.
  {
    id: 1e12,
    agentId: 99_999_999_999,
    conversationId: "x",
    isHelpful: true,
    mcpServers: [1e10],
    settings: { defaultAgentId: 1e15 },
    messages: [{ role: "user", content: "hi" }],
  },
  { name: "Big ids", model: "openai:gpt-4.1", mcpServers: [3_000_000_000] },
  {
    name: "Big ids",
    model: "openai:gpt-4.1",
    tools: { call_agent: { enabled: true, config: { callableAgentIds: [3_000_000_000] } } },
  },
];

/** The path with each `:param` replaced, and the query params routes read filled with non-ids. */
function paths(route: string, orgId: string): string[] {
  const [, path] = route.split(" ") as [string, string];
  return NOT_IDS.map((bad) => {
    const filled = path.replace(/:[A-Za-z]+/g, encodeURIComponent(bad));
    const q = new URLSearchParams({
      orgId,
      id: bad,
      threadId: bad,
      chatId: bad,
      agentId: bad,
      conversationId: bad,
      key: bad,
      fileId: bad,
    });
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
            if (res.status >= 500)
              failures.push(
                `${method} ${path.slice(0, 120)} as ${who.label} with ${JSON.stringify(body)?.slice(0, 80)} → ${res.status} ${res.text.slice(0, 200)}`,
              );
          }
          // The wrong content type for a JSON body.
          for (const type of bodies[0] === undefined
            ? []
            : ["text/plain", "multipart/form-data; boundary=x", "application/x-www-form-urlencoded"]) {
            const res = await call(ctx.app, method, path, {
              token: who.token,
              body: '{"name":"x"}',
              headers: { "content-type": type },
            });
            sent++;
            if (res.status >= 500)
              failures.push(
                `${method} ${path.slice(0, 120)} as ${who.label} as ${type} → ${res.status} ${res.text.slice(0, 200)}`,
              );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * 10);
  });

  it("Better Auth's endpoints refuse NUL characters with a 400 instead of failing the insert", async () => {
    const origin = { origin: "http://localhost:3000" };
    const cases: Array<[string, unknown, string | undefined]> = [
      [
        "/api/auth/sign-up/email",
        { email: "nul-signup@example.com", password: "correct-horse-battery", name: "a\u0000b" },
        undefined,
      ],
      ["/api/auth/organization/create", { name: "x\u0000y", slug: "nul-slug" }, f.outsider.token],
      ["/api/auth/update-user", { name: "x\u0000y" }, f.a.member.token],
      ["/api/auth/organization/update", { organizationId: f.a.id, data: { name: "x\u0000y" } }, f.a.admin.token],
    ];
    for (const [path, body, token] of cases) {
      const res = await call(ctx.app, "POST", path, { token, body, headers: origin });
      expect(res.status, path).toBe(400);
      expect(res.body.error, path).toBe("Text must not contain NUL characters");
    }
    // Nothing changed: the member's name and the organisation's name are as they were.
    const me = await call(ctx.app, "GET", `/api/getUser?orgId=${f.a.id}`, { token: f.a.member.token });
    expect(me.body.name).toBe(f.a.member.name);
    expect(me.body.organizations.find((o: { id: string }) => o.id === f.a.id).name).toBe(f.a.name);
  });
});

/** Raw (already percent-encoded) query values: NUL, invalid UTF-8, broken escapes, overlong. */
const NASTY_QUERY_VALUES = [
  "%00",
  "a%00b",
  "%C0", // a lone lead byte: not UTF-8
  "%C0%80", // the overlong encoding of NUL
  "%ED%A0%80", // an encoded UTF-16 surrogate
  "%FF%FE",
  "%",
  "%zz",
  "%EF%BF%BF",
  encodeURIComponent("☃".repeat(3000)),
  LONG,
];

/** Better Auth's GET endpoints that read query parameters (the router only knows them as /api/auth/*). */
const AUTH_GETS = [
  "GET /api/auth/get-session",
  "GET /api/auth/organization/get-full-organization",
  "GET /api/auth/organization/list-members",
  "GET /api/auth/organization/get-active-member",
  "GET /api/auth/organization/get-invitation",
  "GET /api/auth/list-accounts",
];

describe("bad input in query parameters", () => {
  it("security #12: no route answers a 5xx for NUL, invalid UTF-8, overlong or repeated values in any query parameter it reads", async () => {
    const routes = [...registeredApiRoutes(ctx.app), ...AUTH_GETS];
    const failures: string[] = [];
    const discovered = new Map<string, Set<string>>();
    let attacked = 0;
    for (const route of routes) {
      const [method, template] = route.split(" ") as [string, string];
      const path = template.replace(/:[A-Za-z]+/g, "x");
      for (const who of [f.a.admin, f.a.member]) {
        const body = method === "GET" || method === "HEAD" ? undefined : {};
        const send = (query: string) => call(ctx.app, method, `${path}?${query}`, { token: who.token, body });
        // Which parameters does it read? orgId always (the organisation middleware), plus what it asks for.
        const reads = await queryReadsOf(() => send(`orgId=${f.a.id}`));
        const keys = new Set(["orgId", ...reads.keys]);
        if (who === f.a.admin) discovered.set(route, keys);
        if (reads.all) keys.add("unexpected");
        for (const key of keys) {
          // The member's pass covers the organisation middleware; the admin reaches every handler.
          if (who === f.a.member && key !== "orgId") continue;
          const others = key === "orgId" ? "" : `orgId=${f.a.id}&`;
          const good = key === "orgId" ? f.a.id : "1";
          const queries = [
            ...NASTY_QUERY_VALUES.map((v) => `${others}${key}=${v}`),
            `${others}${key}=${good}&${key}=%00`,
            `${others}${key}=%00&${key}=${good}`,
            `${others}${key}=a&${key}=b`,
            `${others}${key}%00=${good}`,
          ];
          for (const query of queries) {
            const res = await send(query);
            attacked++;
            if (res.status >= 500)
              failures.push(
                `${method} ${path}?${query.slice(0, 100)} as ${who.label} → ${res.status} ${res.text.slice(0, 160)}`,
              );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(attacked).toBeGreaterThan(routes.length * 2 * (NASTY_QUERY_VALUES.length + 4));
    // The watch sees what handlers read, including the presigned blob routes' own parsing.
    expect([...discovered.get("GET /api/agents")!]).toContain("id");
    expect([...discovered.get("GET /api/chat")!]).toContain("chatId");
    expect([...discovered.get("GET /api/getConversation")!]).toContain("threadId");
    expect(discovered.get("GET /api/blob/download")!.size).toBeGreaterThan(1);
  }, 120_000);

  it("security #12: a NUL in ?orgId= is refused with a 400 on every route that resolves the organisation", async () => {
    for (const route of registeredApiRoutes(ctx.app)) {
      const [method, template] = route.split(" ") as [string, string];
      if (template.startsWith("/api/auth/") || template.startsWith("/api/blob/")) continue;
      const res = await call(ctx.app, method, `${template.replace(/:[A-Za-z]+/g, "x")}?orgId=%00`, {
        token: f.a.admin.token,
        body: method === "GET" ? undefined : {},
      });
      expect(res.status, route).toBe(400);
      expect(res.body.error, route).toBe("Text must not contain NUL characters");
    }
  });
});
