// New passwords: at least 10 characters and not a commonly used one (issue 10 #14, decision 025).
import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../test/context";
import { call, signUp, uniqueEmail } from "../test/http";
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from "../../shared/auth/password-rules";
import { isCommonPassword } from "./password-policy";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestContext();
});

const signUpWith = (password: string) =>
  call(ctx.app, "POST", "/api/auth/sign-up/email", {
    body: { email: uniqueEmail("policy"), password, name: "Policy Tester" },
  });

describe("password policy", { timeout: 120_000 }, () => {
  it("security #14: sign-up refuses 12345678, password and anything under 10 characters", async () => {
    for (const password of ["12345678", "password", "nine-char"]) {
      const res = await signUpWith(password);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PASSWORD_TOO_SHORT);
    }
  });

  it("security #14: sign-up refuses passwords from the common-password list, in any letter case", async () => {
    for (const password of ["1234567890", "qwertyuiop", "password123", "PassWord123", "1q2w3e4r5t"]) {
      const res = await signUpWith(password);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(PASSWORD_TOO_COMMON);
    }
    expect((await signUpWith("plum-harbour-lantern")).status).toBe(200);
  });

  it("security #14: changing a password follows the same rules", async () => {
    const who = await signUp(ctx.app, "changer");
    const change = (newPassword: string) =>
      call(ctx.app, "POST", "/api/auth/change-password", {
        token: who.token,
        body: { currentPassword: "correct-horse-battery", newPassword },
      });
    expect((await change("12345678")).body.message).toBe(PASSWORD_TOO_SHORT);
    const common = await change("qwertyuiop");
    expect(common.status).toBe(400);
    expect(common.body.message).toBe(PASSWORD_TOO_COMMON);
    expect((await change("plum-harbour-lantern")).status).toBe(200);
  });

  it("security #14: signing in does not judge the password: a common one gets the usual answer", async () => {
    const res = await call(ctx.app, "POST", "/api/auth/sign-in/email", {
      body: { email: uniqueEmail("nobody"), password: "password" },
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("Invalid email or password");
  });

  it("security #14: the list is the package's, checked without a network call", async () => {
    expect(await isCommonPassword("letmein")).toBe(true);
    expect(await isCommonPassword("correct-horse-battery")).toBe(false);
  });
});
