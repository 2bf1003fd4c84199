import { describe, expect, it, vi } from "vitest";
import { createAnalytics, EVENT_ORG_SWITCHED, EVENT_SIGNED_IN } from "./analytics";

const flush = () => new Promise((r) => setTimeout(r, 0));

function fakePostHog() {
  return { init: vi.fn(), identify: vi.fn(), capture: vi.fn(), reset: vi.fn() };
}

describe("analytics", () => {
  it("[ANALYTICS-01] [ANALYTICS-02] [ANALYTICS-03] forwards identify, sign-in and org switch to PostHog", async () => {
    const ph = fakePostHog();
    const a = createAnalytics({ key: "phc_1", host: "https://ph.example" }, async () => ph as never);
    a.identify({ id: "u1", email: "a@example.com", name: "Ada" });
    a.signedIn("sign_in");
    a.organizationSwitched("org_a", "org_b");
    await flush();
    expect(ph.init).toHaveBeenCalledTimes(1);
    expect(ph.init).toHaveBeenCalledWith(
      "phc_1",
      expect.objectContaining({ api_host: "https://ph.example", disable_external_dependency_loading: true }),
    );
    expect(ph.identify).toHaveBeenCalledWith("u1", { email: "a@example.com", name: "Ada" });
    expect(ph.capture).toHaveBeenCalledWith(EVENT_SIGNED_IN, { method: "sign_in" });
    expect(ph.capture).toHaveBeenCalledWith(EVENT_ORG_SWITCHED, {
      from_organization_id: "org_a",
      to_organization_id: "org_b",
    });
  });

  it("[ANALYTICS-01] without a key nothing is loaded and every call is a no-op", async () => {
    const load = vi.fn();
    const a = createAnalytics(null, load);
    a.identify({ id: "u1", email: "a@example.com", name: "Ada" });
    a.signedIn("sign_up");
    a.organizationSwitched(null, "org_b");
    await flush();
    expect(load).not.toHaveBeenCalled();
  });

  it("[ANALYTICS-01] a failure to load PostHog is swallowed", async () => {
    const a = createAnalytics({ key: "k", host: "h" }, () => Promise.reject(new Error("blocked")));
    expect(() => a.signedIn("sign_in")).not.toThrow();
    await flush();
  });
});
