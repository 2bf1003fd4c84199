// Knowledge Bases and Scheduled Tasks are not built yet: the tabs say so instead of showing made-up data.
import { CalendarClock, Library } from "lucide-react";
import { EmptyState } from "@/client/components/empty-state";
import { SectionHeader } from "@/client/components/section-header";
import { Badge } from "@/client/components/ui/badge";

export function KnowledgeBasesComingSoonPage() {
  return (
    <section className="flex flex-col gap-6">
      <SectionHeader
        title="Knowledge Bases"
        description="Create and manage document collections that your agents can search and reference."
      />
      <EmptyState icon={Library} title="Knowledge bases are coming soon">
        <Badge variant="secondary" className="mb-3">
          Coming soon
        </Badge>
        <p>
          Uploading documents, extracting their data and letting agents search them isn't available in this version of
          Switchboard yet.
        </p>
      </EmptyState>
    </section>
  );
}

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
