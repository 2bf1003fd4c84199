import { describe, expect, it } from "vitest";
import { documentTitle, safeRedirectTarget, signInUrl } from "./routes";

describe("route rules", () => {
  it("[ROUTE-10] unauthenticated visits go to /sign-in and remember where they were going", () => {
    expect(signInUrl("/control-hub/models?x=1")).toBe("/sign-in?redirect=%2Fcontrol-hub%2Fmodels%3Fx%3D1");
    expect(signInUrl("/")).toBe("/sign-in");
    expect(signInUrl("/dashboard")).toBe("/sign-in");
  });

  it("[ROUTE-10] after sign-in only same-site paths are followed; anything else goes to /dashboard", () => {
    expect(safeRedirectTarget("/chat/abc")).toBe("/chat/abc");
    expect(safeRedirectTarget(null)).toBe("/dashboard");
    expect(safeRedirectTarget("https://evil.example")).toBe("/dashboard");
    expect(safeRedirectTarget("//evil.example")).toBe("/dashboard");
    expect(safeRedirectTarget("/\\evil.example")).toBe("/dashboard");
    expect(safeRedirectTarget("/signin")).toBe("/dashboard");
  });

  it("tab titles name the page and the product", () => {
    expect(documentTitle("Dashboard")).toBe("Dashboard · Switchboard");
    expect(documentTitle()).toBe("Switchboard");
  });
});
