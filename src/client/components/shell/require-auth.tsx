// ROUTE-09/10: everything but the sign-in page needs a session.
import { useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { analytics } from "@/client/lib/analytics";
import { authClient } from "@/client/lib/auth-client";
import { SIGNED_OUT_PATH, signInUrl } from "@/client/lib/routes";
import { setSessionToken } from "@/client/lib/session-token";
import { signedOutInThisTab } from "@/client/lib/sign-out";
import { LoadingScreen } from "./loading-screen";

export function RequireAuth() {
  const { data, isPending } = authClient.useSession();
  const location = useLocation();
  const userId = data?.user.id;

  // A restored session (page reload) is identified too, not just a fresh sign-in.
  useEffect(() => {
    if (data?.user) analytics.identify(data.user);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per user, not per session refresh
  }, [userId]);

  if (isPending) return <LoadingScreen />;
  if (!data) {
    const to = signedOutInThisTab() ? SIGNED_OUT_PATH : signInUrl(location.pathname + location.search);
    return <Navigate to={to} replace />;
  }
  // Set while rendering, not in an effect: children start their fetches in their own effects,
  // which run before this component's.
  setSessionToken(data.session.token);
  return <Outlet />;
}
