// Forgot password, against a real SMTP server on loopback: the email is read back and its link
// followed, as the person who forgot their password would (decision 081).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { startFakeSmtp, type FakeSmtp } from "../../../e2e/support/fake-smtp";
import { createApp, type App } from "../app";
import { verification } from "../db/tables";
import { getTestContext, testConfig, type TestContext } from "../test/context";
import { call, signUp, uniqueEmail } from "../test/http";
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from "../../shared/auth/password-rules";
import { createAuth } from "./auth";

let ctx: TestContext;
let smtp: FakeSmtp;
let app: App;

const OLD_PASSWORD = "correct-horse-battery";
const NEW_PASSWORD = "a-new-password-for-reset";

beforeAll(async () => {
  ctx = await getTestContext();
  smtp = await startFakeSmtp();
  const config = testConfig({
    SMTP_URL: smtp.url,
    SMTP_FROM: "Switchboard <noreply@switchboard.test>",
    TRUST_PROXY: "true",
  });
  const secret = ctx.services.secrets.derive("better-auth").toString("base64");
  app = createApp({ config, auth: createAuth({ db: ctx.services.database.db, config, secret }) });
});
afterAll(async () => smtp?.close());

// Reset emails are rate-limited per client address (and the PostgreSQL test database outlives a run).
const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250)).join(".")}`;
const requestReset = (email: string, ip = randomIp()) =>
  call(app, "POST", "/api/auth/request-password-reset", { body: { email }, headers: { "x-forwarded-for": ip } });
const reset = (token: string, newPassword = NEW_PASSWORD) =>
  call(app, "POST", "/api/auth/reset-password", { body: { token, newPassword } });
const signIn = (email: string, password: string) =>
  call(app, "POST", "/api/auth/sign-in/email", { body: { email, password } });

/** The token of the reset link in the email to `email` (the SPA's /reset-password page). */
async function emailedToken(email: string) {
  const mail = await smtp.waitFor(email, /^Reset your Switchboard password$/);
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname === "/reset-password");
  expect(link, mail.text).toBeDefined();
  expect(new URL(link!).origin).toBe("http://localhost:3000");
  expect(mail.html).toContain("Choose a new password");
  return new URL(link!).searchParams.get("token")!;
}

describe("forgot password", () => {
  it("the emailed link sets a new password once; the old password and the old sessions stop working", async () => {
    const who = await signUp(app, "reset");
    expect((await call(app, "GET", "/api/getUser", { token: who.token })).status).toBe(200);

    const asked = await requestReset(who.email);
    expect(asked.status).toBe(200);
    const token = await emailedToken(who.email);

    const done = await reset(token);
    expect(done.status, done.text).toBe(200);
    expect((await signIn(who.email, OLD_PASSWORD)).status).toBe(401);
    expect((await signIn(who.email, NEW_PASSWORD)).status).toBe(200);
    // The session from before the reset was ended, cached or not.
    expect((await call(app, "GET", "/api/getUser", { token: who.token })).status).toBe(401);

    const again = await reset(token, "yet-another-new-password");
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("INVALID_TOKEN");
    expect((await signIn(who.email, "yet-another-new-password")).status).toBe(401);
  });

  it("an address without an account gets the same answer, and no email", async () => {
    const who = await signUp(app, "known");
    const nobody = uniqueEmail("nobody");
    const ip = randomIp();
    const [known, unknown] = [await requestReset(who.email, ip), await requestReset(nobody, ip)];
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    await smtp.waitFor(who.email, /^Reset/);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.some((m) => m.to.includes(nobody))).toBe(false);
  });

  it("the new password must meet the password rules, and a refused one leaves the link usable", async () => {
    const who = await signUp(app, "policy");
    await requestReset(who.email);
    const token = await emailedToken(who.email);

    const short = await reset(token, "short");
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(PASSWORD_TOO_SHORT);
    const common = await reset(token, "password123");
    expect(common.status).toBe(400);
    expect(common.body.message).toBe(PASSWORD_TOO_COMMON);

    expect((await reset(token)).status).toBe(200);
  });

  it("an expired link is refused", async () => {
    const who = await signUp(app, "expired");
    await requestReset(who.email);
    const token = await emailedToken(who.email);
    await ctx.services.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.value, who.userId));

    const res = await reset(token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_TOKEN");
    expect((await signIn(who.email, OLD_PASSWORD)).status).toBe(200);
  });

  it("the reset token is not stored as it is", async () => {
    const who = await signUp(app, "hashed");
    await requestReset(who.email);
    const token = await emailedToken(who.email);
    const rows = await ctx.services.database.db
      .select({ identifier: verification.identifier })
      .from(verification)
      .where(eq(verification.value, who.userId));
    expect(rows.length).toBe(1);
    expect(rows[0]!.identifier).not.toContain(token);
  });
});
