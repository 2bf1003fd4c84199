// What the profile dialog does, through Better Auth's endpoints: change the name, change the password
// (which needs the current one and ends the other sessions, decision 081), sign out other sessions.
import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../test/context";
import { call, signUp, type Identity } from "../test/http";
import { PASSWORD_TOO_COMMON } from "../../shared/auth/password-rules";
import { USER_NAME_REQUIRED } from "../../shared/auth/user-name";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestContext();
});

const PASSWORD = "correct-horse-battery";

async function secondSession(who: Identity) {
  const res = await call(ctx.app, "POST", "/api/auth/sign-in/email", {
    body: { email: who.email, password: PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.headers.get("set-auth-token")!;
}
const status = async (token: string) => (await call(ctx.app, "GET", "/api/getUser", { token })).status;
const changePassword = (token: string, body: Record<string, unknown>) =>
  call(ctx.app, "POST", "/api/auth/change-password", { token, body });

describe("profile", () => {
  it("changes the user's name", async () => {
    const who = await signUp(ctx.app, "rename");
    const res = await call(ctx.app, "POST", "/api/auth/update-user", { token: who.token, body: { name: "New Name" } });
    expect(res.status, res.text).toBe(200);
    expect((await call(ctx.app, "GET", "/api/getUser", { token: who.token })).body.name).toBe("New Name");
  });

  it("a blank name is refused with the form's words", async () => {
    const who = await signUp(ctx.app, "blank-name");
    const res = await call(ctx.app, "POST", "/api/auth/update-user", { token: who.token, body: { name: "   " } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(USER_NAME_REQUIRED);
  });

  it("a password change needs the current password", async () => {
    const who = await signUp(ctx.app, "change-wrong");
    const res = await changePassword(who.token, {
      currentPassword: "not-my-password",
      newPassword: "brand-new-password",
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("INVALID_PASSWORD");
    const signIn = await call(ctx.app, "POST", "/api/auth/sign-in/email", {
      body: { email: who.email, password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
  });

  it("a new password must meet the password rules", async () => {
    const who = await signUp(ctx.app, "change-weak");
    const res = await changePassword(who.token, { currentPassword: PASSWORD, newPassword: "password123" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PASSWORD_TOO_COMMON);
  });

  it("a password change keeps this session and ends the others", async () => {
    const who = await signUp(ctx.app, "change");
    const other = await secondSession(who);
    expect(await status(other)).toBe(200); // now cached

    const res = await changePassword(who.token, { currentPassword: PASSWORD, newPassword: "brand-new-password" });
    expect(res.status, res.text).toBe(200);
    expect(await status(who.token)).toBe(200);
    expect(await status(other)).toBe(401);
    const signIn = await call(ctx.app, "POST", "/api/auth/sign-in/email", {
      body: { email: who.email, password: "brand-new-password" },
    });
    expect(signIn.status).toBe(200);
  });

  it("signing out of other sessions makes their requests 401 at once, and keeps this one", async () => {
    const who = await signUp(ctx.app, "revoke-others");
    const other = await secondSession(who);
    const third = await secondSession(who);
    expect(await status(other)).toBe(200); // now cached
    expect(await status(third)).toBe(200);

    const res = await call(ctx.app, "POST", "/api/auth/revoke-other-sessions", {
      token: who.token,
      body: {},
    });
    expect(res.status, res.text).toBe(200);
    expect(await status(other)).toBe(401);
    expect(await status(third)).toBe(401);
    expect(await status(who.token)).toBe(200);
  });
});
