// Integrations tab (INTEG-02): the shared data integrations agents use through their tools.
import { SectionHeader } from "@/client/components/section-header";
import { INTEGRATIONS } from "@/shared/connections/integrations";
import { IntegrationCard } from "./integration-card";

export function IntegrationsPage() {
  return (
    <section className="flex flex-col gap-6">
      <SectionHeader
        title="Integrations"
        description="Connect your organization's data sources so agents can query and search them."
      />
      <section aria-labelledby="shared-integrations" className="flex flex-col gap-4">
        <div className="grid gap-1">
          <h3 id="shared-integrations" className="text-base font-semibold">
            Shared Integrations
          </h3>
          <p className="text-sm text-muted-foreground">
            Shared by everyone in the organization: agents with the matching tools use these connections.
          </p>
        </div>
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {INTEGRATIONS.map((def) => (
            <IntegrationCard key={def.key} def={def} />
          ))}
        </div>
      </section>
    </section>
  );
}
