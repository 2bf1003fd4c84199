// Providers tab (PROV-03): a card per model provider; connect, edit, disconnect.
import { SectionHeader } from "@/client/components/section-header";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { PROVIDERS } from "@/shared/connections/providers";
import { ProviderCard } from "./provider-card";

export function ProvidersPage() {
  const { org } = useActiveOrg();
  const connectedCount = PROVIDERS.filter((p) => org.connections[p.key]).length;
  return (
    <section className="flex flex-col gap-6">
      <SectionHeader
        title="Model Providers"
        description="Connect the AI model providers your agents use. Credentials are encrypted and never shown again."
        actions={
          <p className="text-sm text-muted-foreground">
            {connectedCount} of {PROVIDERS.length} connected
          </p>
        }
      />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {PROVIDERS.map((def) => (
          <ProviderCard key={def.key} def={def} />
        ))}
      </div>
    </section>
  );
}
