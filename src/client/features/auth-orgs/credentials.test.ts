import { describe, expect, it } from "vitest";
import { validateCredentials } from "./credentials";

const ok = { name: "Ada", email: "ada@example.com", password: "correct horse battery" };

describe("sign-in form checks", () => {
  it("[ROUTE-09] accepts a complete sign-in and sign-up", () => {
    expect(validateCredentials("sign-in", { ...ok, name: "" })).toBeNull();
    expect(validateCredentials("sign-up", ok)).toBeNull();
  });

  it("[ROUTE-09] creating an account needs a name", () => {
    expect(validateCredentials("sign-up", { ...ok, name: "  " })).toBe("Name is required.");
  });

  it("security #14: creating an account needs a password of at least 10 characters; signing in does not check it", () => {
    expect(validateCredentials("sign-up", { ...ok, password: "12345678" })).toBe(
      "Password must be at least 10 characters.",
    );
    expect(validateCredentials("sign-up", { ...ok, password: "nine-char" })).toBe(
      "Password must be at least 10 characters.",
    );
    expect(validateCredentials("sign-up", { ...ok, password: "ten-chars!" })).toBeNull();
    expect(validateCredentials("sign-in", { ...ok, password: "short" })).toBeNull();
  });

  it("[ROUTE-09] rejects a malformed email and an empty password", () => {
    expect(validateCredentials("sign-in", { ...ok, email: "ada" })).toBe("Enter a valid email address.");
    expect(validateCredentials("sign-in", { ...ok, password: "" })).toBe("Password is required.");
  });
});
