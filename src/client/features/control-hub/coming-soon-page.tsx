// Scheduled Tasks and User Management are not built yet: the tabs say so instead of showing made-up data.
import { CalendarClock, Users } from "lucide-react";
import { EmptyState } from "@/client/components/empty-state";
import { SectionHeader } from "@/client/components/section-header";
import { Badge } from "@/client/components/ui/badge";

export function TasksComingSoonPage() {
  return (
    <section className="flex flex-col gap-6">
      <SectionHeader
        title="Scheduled Tasks"
        description="Run an agent with a prompt on a schedule, such as every weekday at 9:00."
      />
      <EmptyState icon={CalendarClock} title="Scheduled tasks are coming soon">
        <Badge variant="secondary" className="mb-3">
          Coming soon
        </Badge>
        <p>Scheduling agents to run on their own isn't available in this version of Switchboard yet.</p>
      </EmptyState>
    </section>
  );
}

export function UserManagementComingSoonPage() {
  return (
    <section className="flex flex-col gap-6">
      <SectionHeader title="User Management" description="Invite people to your organization and manage their roles." />
      <EmptyState icon={Users} title="User management is coming soon">
        <Badge variant="secondary" className="mb-3">
          Coming soon
        </Badge>
        <p>Managing members from the Control Hub isn't available in this version of Switchboard yet.</p>
      </EmptyState>
    </section>
  );
}
