import { describe, expect, it } from "vitest";
import { readRuntimeConfig } from "./runtime-config";
import { DEFAULT_DOCS_URL } from "@/shared/shell/constants";

describe("runtime config", () => {
  it("[SHELL-13] falls back to the project docs and no analytics when the server injected nothing", () => {
    expect(readRuntimeConfig(undefined)).toEqual({
      docsUrl: DEFAULT_DOCS_URL,
      posthog: null,
      googleSignIn: false,
      signUpOpen: true,
      passwordResetEmail: false,
    });
  });

  it("[SHELL-13] [ANALYTICS-01] uses the injected docs link and PostHog key", () => {
    const posthog = { key: "phc_123", host: "https://eu.i.posthog.com" };
    expect(readRuntimeConfig({ docsUrl: "https://docs.example.com", posthog })).toEqual({
      docsUrl: "https://docs.example.com",
      posthog,
      googleSignIn: false,
      signUpOpen: true,
      passwordResetEmail: false,
    });
  });

  it("Google sign-in is on only when the server says so", () => {
    expect(readRuntimeConfig({ googleSignIn: true }).googleSignIn).toBe(true);
    expect(readRuntimeConfig({ googleSignIn: "yes" as unknown as boolean }).googleSignIn).toBe(false);
  });

  it("password reset by email is offered only when the server says SMTP is set up", () => {
    expect(readRuntimeConfig({ passwordResetEmail: true }).passwordResetEmail).toBe(true);
    expect(readRuntimeConfig({}).passwordResetEmail).toBe(false);
  });

  it("[ANALYTICS-01] an empty PostHog key means analytics off", () => {
    expect(readRuntimeConfig({ posthog: { key: "", host: "x" } }).posthog).toBeNull();
  });
});
