// @vitest-environment happy-dom
// Issue 17 #5: without SMTP the forgot-password page cannot send a link and says an administrator must help.
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";

afterEach(() => {
  cleanup();
  delete window.__SWITCHBOARD__;
  vi.resetModules();
});

async function renderWith(passwordResetEmail: boolean) {
  window.__SWITCHBOARD__ = { passwordResetEmail };
  const page = await import("./forgot-password-page");
  render(
    <MemoryRouter>
      <page.ForgotPasswordPage />
    </MemoryRouter>,
  );
  return page;
}

describe("forgot password page", () => {
  it("with SMTP it asks for the email address", async () => {
    const { RESET_NEEDS_ADMIN } = await renderWith(true);
    expect(screen.getByLabelText("Email")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send reset link" })).toBeTruthy();
    expect(screen.queryByText(RESET_NEEDS_ADMIN)).toBeNull();
  }, 30_000);

  it("without SMTP it says an administrator must help, and offers no form", async () => {
    const { RESET_NEEDS_ADMIN } = await renderWith(false);
    expect(screen.getByText(RESET_NEEDS_ADMIN)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send reset link" })).toBeNull();
    expect(screen.getByRole("link", { name: "Back to sign in" })).toBeTruthy();
  }, 30_000);
});
