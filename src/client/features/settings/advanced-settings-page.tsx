// /control-hub/settings/advanced-settings (ROUTE-23, SET-11..16): after "Checking permissions..." for
// one second, members go back to /control-hub and admins get the Private Tools list.
import { useEffect, useState } from "react";
import { Link, Navigate } from "react-router";
import { ArrowLeft } from "lucide-react";
import { SectionHeader } from "@/client/components/section-header";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Spinner } from "@/client/components/ui/spinner";
import { PrivateToolsList } from "./private-tools-list";
import { ADMIN_CHECK_DELAY_MS } from "./settings-values";

export function AdvancedSettingsPage() {
  const { isAdmin } = useActiveOrg();
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setChecked(true), ADMIN_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!checked) {
    return (
      <div className="flex flex-col items-center justify-center gap-3 py-16 text-sm text-muted-foreground">
        <Spinner className="size-6" label="Checking permissions" />
        <p>Checking permissions...</p>
      </div>
    );
  }
  if (!isAdmin) return <Navigate to="/control-hub" replace />;

  return (
    <section className="flex flex-col gap-6">
      <Link
        to="/control-hub/settings"
        className="inline-flex w-fit items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to Settings
      </Link>
      <SectionHeader
        title="Advanced Settings"
        description="Settings that change what every agent in your organization can do."
      />
      <PrivateToolsList />
    </section>
  );
}
