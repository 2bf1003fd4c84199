// Knowledge Bases and User Management are not built yet: the tabs say so instead of showing made-up data.
import { Library, Users } from "lucide-react";
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
