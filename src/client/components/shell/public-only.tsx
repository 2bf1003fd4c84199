// The sign-in pages are for visitors without a session; a signed-in user goes on to the app.
import { Navigate, Outlet, useSearchParams } from "react-router";
import { authClient } from "@/client/lib/auth-client";
import { safeRedirectTarget } from "@/client/lib/routes";
import { LoadingScreen } from "./loading-screen";

export function PublicOnly() {
  const { data, isPending } = authClient.useSession();
  const [params] = useSearchParams();
  if (isPending) return <LoadingScreen />;
  if (data) return <Navigate to={safeRedirectTarget(params.get("redirect"))} replace />;
  return <Outlet />;
}
