// The tenancy harness: every /api route the router registers is attacked by every identity outside
// organisation A (B's admin, B's member, a user in no organisation, and nobody); none may receive
// A's data. A route with no case fails, so new routes cannot skip this test. Routes that hold data
// private to one user are also attacked by another member of A.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { getTestContext, type TestContext } from "./context";
import { call, type Identity } from "./http";
import { createTenancyFixture, type TenancyFixture } from "./tenancy-fixture";
import { tenancyCases } from "./tenancy-cases";
import type { TenancyRequest } from "./tenancy-types";
import { registeredApiRoutes } from "./registered-routes";

let ctx: TestContext;
let f: TenancyFixture;
let fake: FakeProvider;

beforeAll(async () => {
  // An attack that reaches the model must show in the reply: the fake provider echoes what it got.
  fake = await startFakeProvider();
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
});
afterAll(async () => fake?.close());

/** A chat reply's text parts ("0:" lines) joined: a marker may be split across streamed chunks. */
const streamedText = (text: string) =>
  text
    .split("\n")
    .filter((line) => line.startsWith("0:"))
    .map((line) => JSON.parse(line.slice(2)) as string)
    .join("");

/** The response's text, and what a signed URL in it serves: handing out the URL is handing out the file. */
async function attempt(req: TenancyRequest, who: Identity | null) {
  const res = await call(ctx.app, req.method, req.path, { token: who?.token, body: req.body });
  let text = res.text + streamedText(res.text);
  const signedUrl = (res.body as { signedUrl?: unknown } | null)?.signedUrl;
  if (typeof signedUrl === "string" && signedUrl.startsWith("/"))
    text += await (await ctx.app.request(signedUrl)).text();
  return { status: res.status, text };
}

describe("tenancy harness", () => {
  it("lists the routes from the router itself, and has a case for every one", () => {
    const routes = registeredApiRoutes(ctx.app);
    expect(routes).toContain("GET /api/getUser");
    const missing = routes.filter((r) => !tenancyCases[r]);
    expect(missing, `routes without a tenancy case: add them to src/server/test/tenancy-cases.ts`).toEqual([]);
  });

  it("a route missing from the harness fails the check", () => {
    const routes = [...registeredApiRoutes(ctx.app), "GET /api/not-in-harness"];
    expect(routes.filter((r) => !tenancyCases[r])).toEqual(["GET /api/not-in-harness"]);
  });

  it("no identity outside organisation A ever receives A's data", async () => {
    const outsiders: Array<Identity | null> = [f.b.admin, f.b.member, f.outsider, null];
    const baseMarkers = [f.a.id, f.a.name, f.a.admin.email, f.a.member.email];
    for (const route of registeredApiRoutes(ctx.app)) {
      const c = tenancyCases[route]!;
      const markers = [...baseMarkers, ...((await c.seed?.(ctx, f.a)) ?? [])];
      if (c.control) {
        const req = c.control(f, markers);
        const res = await call(ctx.app, req.method, req.path, {
          token: (req.as === "member" ? f.a.member : f.a.admin).token,
          body: req.body,
        });
        expect(res.status, `${route} control as A's admin`).toBeLessThan(300);
        expect(
          markers.some((m) => res.text.includes(m)),
          `${route} control shows A's data`,
        ).toBe(true);
      }
      for (const who of outsiders) {
        for (const req of await c.attacks(f, markers, ctx)) {
          const res = await attempt(req, who);
          const label = `${req.method} ${req.path} as ${who?.label ?? "anonymous"} → ${res.status}`;
          expect(res.status, label).toBeLessThan(500);
          for (const m of markers) expect(res.text.includes(m), `${label} leaked "${m}"`).toBe(false);
        }
      }
      await c.intact?.(ctx, f);
    }
    // Nothing the attacks did changed A: its name and membership are intact.
    const after = await call(ctx.app, "GET", `/api/getUser?orgId=${f.a.id}`, { token: f.a.member.token });
    expect(after.body.organizations.find((o: { id: string }) => o.id === f.a.id)?.name).toBe(f.a.name);
  });

  it("security #5: no member of A receives what another user of A keeps to themself (decision 013)", async () => {
    let attacked = 0;
    for (const route of registeredApiRoutes(ctx.app)) {
      const c = tenancyCases[route]!.sameOrg;
      if (!c) continue;
      const markers = await c.seed(ctx, f.a);
      const control = await attempt(
        c.control(f, markers),
        c.control(f, markers).as === "member" ? f.a.member : f.a.admin,
      );
      expect(control.status, `${route} control as A's admin`).toBeLessThan(300);
      expect(
        markers.some((m) => control.text.includes(m)),
        `${route} control shows the admin's data`,
      ).toBe(true);
      for (const req of await c.attacks(f, markers, ctx)) {
        const res = await attempt(req, f.a.member);
        const label = `${req.method} ${req.path} ${JSON.stringify(req.body ?? "")} as A's member → ${res.status}`;
        expect(res.status, label).toBeLessThan(500);
        for (const m of markers) expect(res.text.includes(m), `${label} leaked "${m}"`).toBe(false);
        attacked++;
      }
    }
    expect(attacked).toBeGreaterThan(0);
  });
});
