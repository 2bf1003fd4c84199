// Sign-up, sign-in, bearer tokens, sign-out and the 401 rule, as a script would use them.
import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../test/context";
import { call, signUp, uniqueEmail } from "../test/http";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestContext();
});

describe("auth", () => {
  it("[ROUTE-09] a call without a session gets 401 JSON", async () => {
    const res = await call(ctx.app, "GET", "/api/getUser");
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: "Unauthorized", code: "unauthorized" });
  });

  it("an invalid bearer token gets 401", async () => {
    const res = await call(ctx.app, "GET", "/api/getUser", { token: "not-a-real-token" });
    expect(res.status).toBe(401);
  });

  it("signs up, then signs in with the same password and uses the bearer token", async () => {
    const email = uniqueEmail("signin");
    const up = await call(ctx.app, "POST", "/api/auth/sign-up/email", {
      body: { email, password: "s3cret-pass", name: "Sign In" },
    });
    expect(up.status).toBe(200);
    expect(up.body.user.email).toBe(email);
    expect(up.text).not.toContain("s3cret-pass");

    const wrong = await call(ctx.app, "POST", "/api/auth/sign-in/email", {
      body: { email, password: "wrong-password" },
    });
    expect(wrong.status).toBe(401);

    const inRes = await call(ctx.app, "POST", "/api/auth/sign-in/email", { body: { email, password: "s3cret-pass" } });
    expect(inRes.status).toBe(200);
    const token = inRes.headers.get("set-auth-token")!;
    expect(token).toBeTruthy();

    const me = await call(ctx.app, "GET", "/api/getUser", { token });
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(email);
  });

  it("sign-out ends the session: the token stops working", async () => {
    const who = await signUp(ctx.app, "signout");
    expect((await call(ctx.app, "GET", "/api/getUser", { token: who.token })).status).toBe(200);
    const out = await call(ctx.app, "POST", "/api/auth/sign-out", { token: who.token, body: {} });
    expect(out.status).toBe(200);
    expect((await call(ctx.app, "GET", "/api/getUser", { token: who.token })).status).toBe(401);
  });

  it("stores no plain password: the account row holds a hash", async () => {
    const who = await signUp(ctx.app, "hash", "plain-text-password");
    const { account } = await import("../db/tables");
    const { eq } = await import("drizzle-orm");
    const { db } = await import("../db/client");
    const [row] = await db().select().from(account).where(eq(account.userId, who.userId));
    expect(row!.password).toBeTruthy();
    expect(row!.password).not.toContain("plain-text-password");
  });

  it("refuses a sign-up with a short password with a clear 4xx", async () => {
    const res = await call(ctx.app, "POST", "/api/auth/sign-up/email", {
      body: { email: uniqueEmail(), password: "short", name: "X" },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/password/i);
  });

  it("unknown /api paths answer 404 JSON, malformed JSON a 4xx", async () => {
    const who = await signUp(ctx.app, "paths");
    const res = await call(ctx.app, "GET", "/api/does-not-exist", { token: who.token });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("Not found");
    const bad = await call(ctx.app, "POST", "/api/auth/sign-in/email", { body: "{not json" });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
  });

  it("refuses request bodies over the limit with 413", async () => {
    const res = await call(ctx.app, "POST", "/api/auth/sign-in/email", {
      body: JSON.stringify({ email: "x@example.com", password: "x".repeat(ctx.config.bodyLimitBytes + 10) }),
    });
    expect(res.status).toBe(413);
    expect(res.body.error).toBe("Request body is too large");
  });
});

describe("cross-site writes", () => {
  it("refuses a state-changing browser request from a foreign origin, allows our own and scripts", async () => {
    const who = await signUp(ctx.app, "csrf");
    const foreign = await call(ctx.app, "POST", "/api/orgSettings", {
      token: who.token,
      body: {},
      headers: { origin: "https://evil.example.com" },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe("Cross-site request refused");
    const crossSite = await call(ctx.app, "PATCH", "/api/deleteConversation", {
      token: who.token,
      headers: { "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.status).toBe(403);
    const own = await call(ctx.app, "POST", "/api/orgSettings", {
      token: who.token,
      body: {},
      headers: { origin: "http://localhost:3000" },
    });
    expect(own.status).not.toBe(403);
  });
});
