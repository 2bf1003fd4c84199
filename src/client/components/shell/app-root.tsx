// What a signed-in user sees: the loading screen (SHELL-01), the welcome screen without an active
// organisation (SHELL-02), or the app shell (SHELL-05).
import { useEffect, type ReactNode } from "react";
import { DataErrorFallback } from "@/client/components/error-fallback";
import { authClient } from "@/client/lib/auth-client";
import { activeOrganization, useUserInfo } from "@/client/api/user-info";
import { ActiveOrgProvider } from "./active-org";
import { AppLayout } from "./app-layout";
import { LoadingScreen } from "./loading-screen";
import { NoOrganization } from "./no-organization";

/** `overlay` renders inside the shell (the router passes the onboarding wizard: shared code imports no feature). */
export function AppRoot({ overlay }: { overlay?: ReactNode }) {
  const { data: session, refetch: refetchSession } = authClient.useSession();
  const activeOrgId = session?.session.activeOrganizationId ?? null;
  const { data: user, error, mutate } = useUserInfo(activeOrgId);

  // A 401 means the session ended on the server (revoked, expired): refreshing it lets the auth
  // gate send the user to sign in.
  const unauthorized = error?.status === 401;
  useEffect(() => {
    if (unauthorized) void refetchSession();
  }, [unauthorized, refetchSession]);

  if (user) {
    const org = activeOrganization(user);
    if (!org) return <NoOrganization user={user} />;
    return (
      <ActiveOrgProvider user={user} org={org}>
        <AppLayout overlay={overlay} />
      </ActiveOrgProvider>
    );
  }
  if (error) {
    return (
      <div className="flex min-h-svh items-center justify-center">
        <DataErrorFallback onRetry={() => void mutate()} />
      </div>
    );
  }
  return <LoadingScreen />;
}
