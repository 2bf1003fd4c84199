// Integrations tab (INTEG-02): the shared data integrations agents use through their tools, and the keys of
// the web research services the organisation may bring instead of the server's (decision 092).
import { SectionHeader } from "@/client/components/section-header";
import { INTEGRATIONS } from "@/shared/connections/integrations";
import { WEB_SERVICES } from "@/shared/connections/web-services";
import type { ConnectionDefinition } from "@/shared/connections/types";
import { IntegrationCard } from "./integration-card";

function CardSection({
  id,
  title,
  description,
  defs,
}: {
  id: string;
  title: string;
  description: string;
  defs: readonly ConnectionDefinition[];
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="grid gap-1">
        <h3 id={id} className="text-base font-semibold">
          {title}
        </h3>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {defs.map((def) => (
          <IntegrationCard key={def.key} def={def} />
        ))}
      </div>
    </section>
  );
}

export function IntegrationsPage() {
  return (
    <section className="flex flex-col gap-6">
      <SectionHeader
        title="Integrations"
        description="Connect your organization's data sources so agents can query and search them."
      />
      <CardSection
        id="shared-integrations"
        title="Shared Integrations"
        description="Shared by everyone in the organization: agents with the matching tools use these connections."
        defs={INTEGRATIONS}
      />
      <CardSection
        id="web-research-services"
        title="Web Research Services"
        description="Your organization's own keys for the web research tools. Without one, a tool uses the server's key, if the operator set one."
        defs={WEB_SERVICES}
      />
    </section>
  );
}
