// Settings tab: API Access, Preferences and, for admins, Private Tools (SET-03..10).
import { SectionHeader } from "@/client/components/section-header";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { ApiAccessCard } from "./api-access-card";
import { PreferencesCard } from "./preferences-card";
import { PrivateToolsSection } from "./private-tools-section";
import { UserManagementCard } from "./user-management-card";

export function SettingsPage() {
  const { org } = useActiveOrg();
  return (
    <section className="flex flex-col gap-6">
      <SectionHeader title="Settings" description="Your API access and your organization's preferences." />
      <ApiAccessCard />
      <PreferencesCard key={`${org.id}:${org.settings.defaultAgentId ?? ""}`} />
      <UserManagementCard />
      <PrivateToolsSection />
    </section>
  );
}
