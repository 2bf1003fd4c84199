// Decision 080: GET /api/getUser names the tools whose server configuration (operator keys, SMTP) is
// missing, read from the environment as each tool reads it at its call; the values never leave the server.
// Decision 092: each organisation's list also counts its own keys (its connections map).
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getTestContext, type TestContext } from "../server/test/context";
import { call } from "../server/test/http";
import { createTenancyFixture, type TenancyFixture } from "../server/test/tenancy-fixture";
import { toolMailer } from "../server/email/tool-mailer";
import { unconfiguredTools } from "./configured.server";

let ctx: TestContext;
let f: TenancyFixture;

beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
});
afterEach(() => vi.unstubAllEnvs());

const KEYS = [
  "SEARXNG_URL",
  "GOOGLE_SEARCH_API_KEY",
  "GOOGLE_SEARCH_CX",
  "PERPLEXITY_API_KEY",
  "REDDIT_CLIENT_ID",
  "REDDIT_CLIENT_SECRET",
  "TIKTOK_CLIENT_KEY",
  "TIKTOK_CLIENT_SECRET",
  "FDC_API_KEY",
];
const unset = () => KEYS.forEach((k) => vi.stubEnv(k, ""));
// send_email follows the process's SMTP setting, which the test server may or may not have.
const mail = () => (toolMailer() === null ? ["send_email"] : []);

describe("tools the server has not configured", () => {
  it("are the web tools whose keys are missing; each pair of keys counts only when both are set", () => {
    unset();
    expect(unconfiguredTools().sort()).toEqual(
      [
        "ask_web",
        "perplexity_deep_research",
        "read_subreddit",
        "search_fd_products",
        "search_google",
        "search_reddit",
        "search_tiktok",
        ...mail(),
      ].sort(),
    );
    vi.stubEnv("GOOGLE_SEARCH_API_KEY", "k");
    vi.stubEnv("PERPLEXITY_API_KEY", "p");
    vi.stubEnv("REDDIT_CLIENT_ID", "id");
    vi.stubEnv("TIKTOK_CLIENT_KEY", "tk");
    vi.stubEnv("TIKTOK_CLIENT_SECRET", "ts");
    vi.stubEnv("FDC_API_KEY", " ");
    expect(unconfiguredTools().sort()).toEqual(
      ["read_subreddit", "search_fd_products", "search_google", "search_reddit", ...mail()].sort(),
    );
    vi.stubEnv("SEARXNG_URL", "http://searx.local");
    vi.stubEnv("REDDIT_CLIENT_SECRET", "s");
    vi.stubEnv("FDC_API_KEY", "f");
    expect(unconfiguredTools()).toEqual(mail());
  });

  it("an organisation's own keys configure its web tools, whatever the operator set", () => {
    unset();
    const own = { perplexity: true, reddit: true, google_search: true, tiktok: true, fooddata_central: true };
    expect(unconfiguredTools(own)).toEqual(mail());
    expect(unconfiguredTools({ perplexity: true }).sort()).toEqual(
      ["read_subreddit", "search_fd_products", "search_google", "search_reddit", "search_tiktok", ...mail()].sort(),
    );
    // Other connections (providers, data integrations) configure none of them.
    expect(unconfiguredTools({ openai: true, postgres: true })).toEqual(unconfiguredTools());
  });

  it("reach every member through GET /api/getUser as names only, never the keys", async () => {
    unset();
    vi.stubEnv("PERPLEXITY_API_KEY", "pplx-secret-value");
    const res = await call(ctx.app, "GET", "/api/getUser", { token: f.a.member.token });
    expect(res.status).toBe(200);
    expect(res.body.unconfiguredTools).toContain("search_google");
    expect(res.body.unconfiguredTools).not.toContain("ask_web");
    const org = res.body.organizations.find((o: { id: string }) => o.id === f.a.id);
    expect(org.unconfiguredTools).toContain("search_google");
    expect(org.unconfiguredTools).not.toContain("ask_web");
    expect(JSON.stringify(res.body)).not.toContain("pplx-secret-value");
  });
});
