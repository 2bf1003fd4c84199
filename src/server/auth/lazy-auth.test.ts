// Decision 119: Better Auth is created with the first request that needs it; a request with neither a
// session cookie nor a bearer token is refused without it, exactly as Better Auth would refuse it.
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { createAuth, type Auth } from "./auth";
import { lazyAuth, resolveAuth } from "./lazy-auth";
import { getTestContext, testConfig, type TestContext } from "../test/context";
import { call, signUp } from "../test/http";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestContext();
});

function countingApp(failFirst = false) {
  const config = testConfig();
  const created = { count: 0 };
  const auth = lazyAuth(async () => {
    created.count++;
    if (failFirst && created.count === 1) throw new Error("load failed");
    return createAuth({ db: ctx.services.database.db, config, secret: "lazy-auth-test-secret-0123456789" });
  });
  return { app: createApp({ config, auth }), auth, created };
}

describe("Better Auth created on first use", () => {
  it("a request without a session cookie or bearer token is 401 and creates no Better Auth", async () => {
    const { app, created } = countingApp();
    const res = await call(app, "GET", "/api/getUser");
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("Unauthorized");
    expect(created.count).toBe(0);
  });

  it("a session cookie or bearer token is checked by Better Auth, created once for all requests", async () => {
    const { app, created } = countingApp();
    const unknownCookie = await app.request("/api/getUser", {
      headers: { cookie: "better-auth.session_token=not-a-session.sig" },
    });
    expect(unknownCookie.status).toBe(401);
    expect(created.count).toBe(1);
    const user = await signUp(app, "lazy");
    const me = await call(app, "GET", "/api/getUser", { token: user.token });
    expect(me.status).toBe(200);
    expect(await call(app, "GET", "/api/getUser", { token: "not-a-token" })).toMatchObject({ status: 401 });
    expect(created.count).toBe(1);
  });

  it("a failed creation is tried again by the next request", async () => {
    const { auth, created } = countingApp(true);
    await expect(auth()).rejects.toThrow("load failed");
    const [a, b] = await Promise.all([auth(), auth()]);
    expect(a).toBe(b);
    expect(created.count).toBe(2);
  });

  it("resolveAuth takes Better Auth itself or a loader", async () => {
    const config = testConfig();
    const direct: Auth = createAuth({
      db: ctx.services.database.db,
      config,
      secret: "lazy-auth-test-secret-0123456789",
    });
    expect(await resolveAuth(direct)).toBe(direct);
    expect(await resolveAuth(async () => direct)).toBe(direct);
  });
});
