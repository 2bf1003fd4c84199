// Creating and switching organisations, shared by the welcome screen and the header selector.
import { useNavigate } from "react-router";
import { useSWRConfig } from "swr";
import { analytics } from "@/client/lib/analytics";
import { authClient } from "@/client/lib/auth-client";
import { orgSlug } from "@/client/lib/org-slug";
import { isUserInfoKey } from "@/client/api/user-info";

export function useOrgActions() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { refetch: refetchSession } = authClient.useSession();

  async function activate(organizationId: string) {
    const { error } = await authClient.organization.setActive({ organizationId });
    if (error) throw new Error(error.message || "Could not switch organization");
    // The getUser request follows the session's active organisation: refresh both.
    await refetchSession();
    await mutate(isUserInfoKey);
  }

  return {
    /** SHELL-04 / SHELL-08: selecting an organisation leads to /chat. */
    async switchTo(organizationId: string, fromId: string | null) {
      // From the welcome screen (no organisation yet, `fromId` null) the URL becomes /chat first: the
      // shell mounts as soon as the session names an organisation — before activate() returns when
      // accepting an invitation already made it active — and at "/" its index route would send the
      // user to /dashboard, which could win over a navigate() that comes after.
      if (fromId === null) navigate("/chat");
      await activate(organizationId);
      analytics.organizationSwitched(fromId, organizationId);
      if (fromId !== null) navigate("/chat");
    },
    /** SHELL-03 / SHELL-08: a new organisation leads to /control-hub. */
    async create(name: string) {
      const { data, error } = await authClient.organization.create({ name: name.trim(), slug: orgSlug(name) });
      if (error || !data) throw new Error(error?.message || "Could not create organization");
      await activate(data.id);
      navigate("/control-hub");
    },
  };
}
