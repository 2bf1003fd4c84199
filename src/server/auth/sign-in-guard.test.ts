// Failed sign-ins limited per account and per address, separately (issue 10 #14, decision 025).
// Test files share one database per worker and other files sign in too (from 127.0.0.1 when they
// send no address): every test here uses its own app, its own fresh addresses and its own emails,
// and never depends on a count it did not make itself. Users sign up through the shared app, whose
// limits are out of reach, so that sign-ups do not count against this app's.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { getTestContext, testConfig, type TestContext } from "../test/context";
import { call, signUp, uniqueEmail } from "../test/http";
import { createAuth } from "./auth";
import { TOO_MANY_SIGN_IN_FAILURES } from "./sign-in-guard";

const MAX = 3;
const PASSWORD = "correct-horse-battery";

let ctx: TestContext;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  ctx = await getTestContext();
  const config = testConfig({ AUTH_RATE_LIMIT_MAX: String(MAX), AUTH_RATE_LIMIT_WINDOW: "600", TRUST_PROXY: "true" });
  app = createApp({
    config,
    auth: createAuth({ db: ctx.services.database.db, config, secret: "sign-in-guard-test-secret-0123456789" }),
  });
});

/** An address no other test (nor an earlier run) uses: its own random IPv6 /64. */
const freshAddress = () =>
  `fd${randomBytes(1).toString("hex")}:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}::1`;

function signIn(email: string, password: string, from: string, cookie?: string) {
  return call(app, "POST", "/api/auth/sign-in/email", {
    body: { email, password },
    headers: { "x-forwarded-for": from, ...(cookie ? { cookie } : {}) },
  });
}

/** The trusted-device cookie a successful sign-in set, as a Cookie header. */
function deviceCookie(res: { headers: Headers }) {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("better-auth.trusted_device="));
  expect(cookie).toBeTruthy();
  return cookie!.split(";")[0]!;
}

// Each sign-in hashes a password (scrypt): on a loaded machine a dozen of them take a while.
describe("sign-in failures", { timeout: 120_000 }, () => {
  it("security #14: an account that failed too often is locked from every address; other accounts are not", async () => {
    const victim = await signUp(ctx.app, "victim");
    const statuses = [];
    for (let i = 0; i <= MAX; i++) statuses.push((await signIn(victim.email, "wrong-password", freshAddress())).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Even the right password, from yet another address, waits for the window.
    const locked = await signIn(victim.email, PASSWORD, freshAddress());
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(TOO_MANY_SIGN_IN_FAILURES);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    const bystander = await signUp(ctx.app, "bystander");
    expect((await signIn(bystander.email, PASSWORD, freshAddress())).status).toBe(200);
  });

  it("security #14: an email no user has is limited exactly like one that exists", async () => {
    const nobody = uniqueEmail("nobody");
    const statuses = [];
    for (let i = 0; i <= MAX; i++) statuses.push((await signIn(nobody, "wrong-password", freshAddress())).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("security #14: an address that failed too often is locked for every account, other addresses are not", async () => {
    const user = await signUp(ctx.app, "natted");
    const attacker = freshAddress();
    // Colleagues' successful sign-ins from the shared address use up nothing.
    for (let i = 0; i < MAX; i++) expect((await signIn(user.email, PASSWORD, attacker)).status).toBe(200);
    for (let i = 0; i < MAX; i++)
      expect((await signIn(uniqueEmail("spray"), "wrong-password", attacker)).status).toBe(401);
    expect((await signIn(uniqueEmail("spray"), "wrong-password", attacker)).status).toBe(429);
    expect((await signIn(user.email, PASSWORD, attacker)).status).toBe(429);
    expect((await signIn(user.email, PASSWORD, freshAddress())).status).toBe(200);
  });

  it("security #14: a browser that signed in before is not locked out by an attacker behind the same address", async () => {
    const user = await signUp(ctx.app, "office");
    const office = freshAddress();
    const cookie = deviceCookie(await signIn(user.email, PASSWORD, office));
    // Someone else in the office guesses at the same account and at others until both are locked.
    for (let i = 0; i < MAX; i++) await signIn(user.email, "wrong-password", office);
    expect((await signIn(uniqueEmail("spray"), "wrong-password", office)).status).toBe(429);
    expect((await signIn(user.email, PASSWORD, office)).status).toBe(429);
    // The user's own browser still gets in.
    expect((await signIn(user.email, PASSWORD, office, cookie)).status).toBe(200);
  });

  it("security #14: the trusted-device cookie is no way around the limit: its own failures are counted", async () => {
    const user = await signUp(ctx.app, "stolen");
    const cookie = deviceCookie(await signIn(user.email, PASSWORD, freshAddress()));
    const statuses = [];
    for (let i = 0; i <= MAX; i++)
      statuses.push((await signIn(user.email, "wrong-password", freshAddress(), cookie)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // It is bound to its account: for another email it counts for nothing.
    const other = uniqueEmail("other");
    const elsewhere = [];
    for (let i = 0; i <= MAX; i++)
      elsewhere.push((await signIn(other, "wrong-password", freshAddress(), cookie)).status);
    expect(elsewhere).toEqual([401, 401, 401, 429]);
  });

  it("security #14: only failures count, and a successful sign-in clears its account's count", async () => {
    const user = await signUp(ctx.app, "forgetful");
    const home = freshAddress();
    // Successful sign-ins from one address are never limited.
    for (let i = 0; i <= MAX; i++) expect((await signIn(user.email, PASSWORD, home)).status).toBe(200);
    // MAX - 1 failures, a success, then MAX more failures before the account locks.
    for (let i = 0; i < MAX - 1; i++)
      expect((await signIn(user.email, "wrong-password", freshAddress())).status).toBe(401);
    expect((await signIn(user.email, PASSWORD, freshAddress())).status).toBe(200);
    for (let i = 0; i < MAX; i++) expect((await signIn(user.email, "wrong-password", freshAddress())).status).toBe(401);
    expect((await signIn(user.email, "wrong-password", freshAddress())).status).toBe(429);
  });

  it("security #14: parallel guesses cannot overshoot the limit", async () => {
    const user = await signUp(ctx.app, "parallel");
    const results = await Promise.all(
      Array.from({ length: 10 }, () => signIn(user.email, "wrong-password", freshAddress())),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(MAX);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - MAX);
    expect((await signIn(user.email, PASSWORD, freshAddress())).status).toBe(429);
  });

  it("security #14: an unknown email and a wrong password get the same answer", async () => {
    const user = await signUp(ctx.app, "same-answer");
    const unknown = await signIn(uniqueEmail("unknown"), "wrong-password", freshAddress());
    const wrong = await signIn(user.email, "wrong-password", freshAddress());
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it("security #14: malformed sign-in bodies get a 4xx and count for nothing", async () => {
    const from = freshAddress();
    for (let i = 0; i <= MAX; i++) {
      for (const body of [{}, { email: 42, password: "x" }, { email: "not-an-email", password: "wrong-password" }]) {
        const res = await call(app, "POST", "/api/auth/sign-in/email", { body, headers: { "x-forwarded-for": from } });
        expect(res.status).toBe(400);
      }
    }
  });
});
