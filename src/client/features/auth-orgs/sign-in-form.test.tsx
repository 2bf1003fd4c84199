// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { SignInForm } from "./sign-in-form";

afterEach(cleanup);

describe("sign-up form", () => {
  it("security #14: states the password rule: at least 10 characters, not a common password", () => {
    render(<SignInForm mode="sign-up" />);
    expect(screen.getByText("At least 10 characters, and not a commonly used password.")).toBeTruthy();
    expect(screen.getByLabelText("Password").getAttribute("minlength")).toBe("10");
  });
});
