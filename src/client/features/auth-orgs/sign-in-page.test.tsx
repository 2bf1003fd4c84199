// @vitest-environment happy-dom
// Issue 17 #18: /sign-up opens on "Create account"; with ALLOW_SIGNUP=false the page says who may sign up.
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";

afterEach(() => {
  cleanup();
  delete window.__SWITCHBOARD__;
  vi.resetModules();
});

async function renderAt(path: string, signUpOpen: boolean) {
  window.__SWITCHBOARD__ = { signUpOpen };
  const { SignInPage, SIGN_UP_INVITED_ONLY } = await import("./sign-in-page");
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/sign-up" element={<SignInPage />} />
        <Route path="/sign-in" element={<SignInPage />} />
      </Routes>
    </MemoryRouter>,
  );
  return SIGN_UP_INVITED_ONLY;
}

describe("sign-up page", () => {
  it("/sign-up shows account creation; open sign-up has no note", async () => {
    const note = await renderAt("/sign-up", true);
    expect(screen.getByText("Create your account")).toBeTruthy();
    expect(screen.queryByText(note)).toBeNull();
  }, 30_000);

  it("closed sign-up says only invited addresses may create an account (not on the sign-in side)", async () => {
    const note = await renderAt("/sign-up", false);
    expect(screen.getByText(note)).toBeTruthy();
    cleanup();
    await renderAt("/sign-in", false);
    expect(screen.getByText("Sign in to Switchboard")).toBeTruthy();
    expect(screen.queryByText("Only invited email addresses can create an account on this server.")).toBeNull();
  }, 30_000);
});
