// @vitest-environment happy-dom
// Switching organisations from the shell: the session's active organisation changes, the switch is
// recorded for analytics, and the user lands in /chat.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { renderHook } from "@testing-library/react";

const navigate = vi.fn();
const setActive = vi.fn(async (_: { organizationId: string }) => ({ error: null }));
const create = vi.fn(async (_: { name: string; slug: string }) => ({ data: { id: "org_new" }, error: null }));
const organizationSwitched = vi.fn();

vi.mock("react-router", () => ({ useNavigate: () => navigate }));
vi.mock("swr", () => ({ useSWRConfig: () => ({ mutate: vi.fn(async () => undefined) }) }));
vi.mock("@/client/lib/auth-client", () => ({
  authClient: { useSession: () => ({ refetch: vi.fn(async () => undefined) }), organization: { setActive, create } },
}));
vi.mock("@/client/lib/analytics", () => ({ analytics: { organizationSwitched } }));

const { useOrgActions } = await import("./use-org-actions");

beforeEach(() => vi.clearAllMocks());

describe("useOrgActions", () => {
  it("[ANALYTICS-03] [SHELL-08] switching records the switch (from, to) and opens /chat", async () => {
    const { result } = renderHook(() => useOrgActions());
    await result.current.switchTo("org_b", "org_a");
    expect(setActive).toHaveBeenCalledWith({ organizationId: "org_b" });
    expect(organizationSwitched).toHaveBeenCalledExactlyOnceWith("org_a", "org_b");
    expect(navigate).toHaveBeenCalledWith("/chat");
  });

  it("[SHELL-04] from the welcome screen the URL is /chat before the organisation becomes active", async () => {
    let urlAtActivation: string | undefined;
    setActive.mockImplementationOnce(async () => {
      urlAtActivation = navigate.mock.calls.at(-1)?.[0];
      return { error: null };
    });
    const { result } = renderHook(() => useOrgActions());
    await result.current.switchTo("org_b", null);
    expect(urlAtActivation).toBe("/chat");
    expect(navigate).toHaveBeenCalledExactlyOnceWith("/chat");
    expect(organizationSwitched).toHaveBeenCalledExactlyOnceWith(null, "org_b");
  });

  it("[ANALYTICS-03] a switch the server refuses is not recorded", async () => {
    setActive.mockResolvedValueOnce({ error: { message: "Organization not found" } } as never);
    const { result } = renderHook(() => useOrgActions());
    await expect(result.current.switchTo("org_x", "org_a")).rejects.toThrow("Organization not found");
    expect(organizationSwitched).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
  });
});
