// Knowledge Bases are not built yet: the tab says so instead of showing made-up data.
import { Library } from "lucide-react";
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
