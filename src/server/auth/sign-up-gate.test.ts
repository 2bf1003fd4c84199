// ALLOW_SIGNUP=false (issue 17 #18): only invited addresses may create an account.
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { loadConfig } from "../config";
import { createAuth } from "./auth";
import { SIGN_UP_CLOSED } from "./sign-up-gate";
import { getTestContext, testConfig, type TestContext } from "../test/context";
import { call, createOrg, signUp, uniqueEmail } from "../test/http";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestContext();
});

const closedApp = () => {
  const config = testConfig({ ALLOW_SIGNUP: "false" });
  return createApp({
    config,
    auth: createAuth({ db: ctx.services.database.db, config, secret: "closed-sign-up-test-secret-0123456789" }),
  });
};
const signUpOn = (app: ReturnType<typeof closedApp>, email: string) =>
  call(app, "POST", "/api/auth/sign-up/email", {
    body: { email, password: "correct-horse-battery", name: "Newcomer" },
  });

describe("closed sign-up", () => {
  it("open by default; ALLOW_SIGNUP=false or 0 closes it", () => {
    expect(loadConfig({}).allowSignup).toBe(true);
    expect(loadConfig({ ALLOW_SIGNUP: "true" }).allowSignup).toBe(true);
    expect(loadConfig({ ALLOW_SIGNUP: "false" }).allowSignup).toBe(false);
    expect(loadConfig({ ALLOW_SIGNUP: "0" }).allowSignup).toBe(false);
  });

  it("refuses an address nobody invited, in words, and creates nothing", async () => {
    await signUp(ctx.app, "earlier"); // not a fresh install: its first account may always be created
    const app = closedApp();
    const email = uniqueEmail("stranger");
    const res = await signUpOn(app, email);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(SIGN_UP_CLOSED);
    const signIn = await call(app, "POST", "/api/auth/sign-in/email", {
      body: { email, password: "correct-horse-battery" },
    });
    expect(signIn.status).toBe(401);
  });

  it("lets an address with a pending invitation create its account (any letter case), not a canceled one", async () => {
    const admin = await signUp(ctx.app, "gatekeeper");
    const org = await createOrg(ctx.app, admin, "Closed Org");
    const email = uniqueEmail("invitee");
    const invite = await call(ctx.app, "POST", "/api/auth/organization/invite-member", {
      token: admin.token,
      body: { email, role: "org:member", organizationId: org.id },
    });
    expect(invite.status).toBe(200);
    const app = closedApp();
    expect((await signUpOn(app, email.toUpperCase())).status).toBe(200);

    const other = uniqueEmail("uninvited-later");
    const second = await call(ctx.app, "POST", "/api/auth/organization/invite-member", {
      token: admin.token,
      body: { email: other, role: "org:member", organizationId: org.id },
    });
    const cancel = await call(ctx.app, "POST", "/api/auth/organization/cancel-invitation", {
      token: admin.token,
      body: { invitationId: second.body.id },
    });
    expect(cancel.status).toBe(200);
    expect((await signUpOn(app, other)).status).toBe(403);
  });
});
