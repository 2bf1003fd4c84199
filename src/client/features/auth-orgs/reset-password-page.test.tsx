// @vitest-environment happy-dom
// Issue 17 #5: the page the emailed reset link opens checks the new password before asking the server.
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { PASSWORD_TOO_SHORT } from "@/shared/auth/password-rules";
import { PASSWORDS_DIFFER } from "@/client/components/account/new-password-fields";
import { RESET_LINK_INVALID, ResetPasswordPage } from "./reset-password-page";

afterEach(cleanup);

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <ResetPasswordPage />
    </MemoryRouter>,
  );

describe("reset password page", () => {
  it("a link without a token is not valid", () => {
    renderAt("/reset-password");
    expect(screen.getByText(RESET_LINK_INVALID)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toBeTruthy();
  });

  it("states the password rule, and refuses a short password or a confirmation that differs", async () => {
    const user = userEvent.setup();
    renderAt("/reset-password?token=abc");
    expect(screen.getByText("At least 10 characters, and not a commonly used password.")).toBeTruthy();
    await user.type(screen.getByLabelText("New password"), "short");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(screen.getByText(PASSWORD_TOO_SHORT)).toBeTruthy();

    await user.clear(screen.getByLabelText("New password"));
    await user.type(screen.getByLabelText("New password"), "long enough password");
    await user.type(screen.getByLabelText("Confirm new password"), "something different");
    await user.click(screen.getByRole("button", { name: "Change password" }));
    expect(screen.getByText(PASSWORDS_DIFFER)).toBeTruthy();
  });
});
