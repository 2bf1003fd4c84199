import { describe, expect, it } from "vitest";
import { validateCredentials } from "./credentials";

const ok = { name: "Ada", email: "ada@example.com", password: "correct horse" };

describe("sign-in form checks", () => {
  it("[ROUTE-09] accepts a complete sign-in and sign-up", () => {
    expect(validateCredentials("sign-in", { ...ok, name: "" })).toBeNull();
    expect(validateCredentials("sign-up", ok)).toBeNull();
  });

  it("[ROUTE-09] creating an account needs a name and a password of at least 8 characters", () => {
    expect(validateCredentials("sign-up", { ...ok, name: "  " })).toBe("Name is required.");
    expect(validateCredentials("sign-up", { ...ok, password: "short" })).toBe("Password must be at least 8 characters.");
    expect(validateCredentials("sign-in", { ...ok, password: "short" })).toBeNull();
  });

  it("[ROUTE-09] rejects a malformed email and an empty password", () => {
    expect(validateCredentials("sign-in", { ...ok, email: "ada" })).toBe("Enter a valid email address.");
    expect(validateCredentials("sign-in", { ...ok, password: "" })).toBe("Password is required.");
  });
});
