// Models tab (MODEL-22): default chat and embedding models, Azure model instances, and the catalogue.
import { DataErrorFallback } from "@/client/components/error-fallback";
import { SectionHeader } from "@/client/components/section-header";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Card, CardContent, CardHeader } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useModels } from "@/client/api/models";
import { AzureInstancesCard } from "./azure-instances-card";
import { DefaultModelsCard } from "./default-models-card";
import { ModelCatalogCard } from "./model-catalog-card";
import { ModelPricesCard } from "./model-prices-card";

export function ModelsPage() {
  const { org } = useActiveOrg();
  const { data, error, mutate } = useModels(org.id);
  return (
    <section className="flex flex-col gap-6">
      <SectionHeader
        title="Models"
        description="Choose your organization's default models and register Azure OpenAI deployments."
      />
      {error && !data ? (
        <Card>
          <DataErrorFallback onRetry={() => void mutate()} />
        </Card>
      ) : !data ? (
        <ModelsSkeleton />
      ) : (
        <>
          <DefaultModelsCard
            key={`${data.modelPreferences.defaultChatModel ?? ""}|${data.modelPreferences.defaultEmbeddingModel ?? ""}`}
            models={data.models}
            preferences={data.modelPreferences}
          />
          <AzureInstancesCard preferences={data.modelPreferences} />
          <ModelCatalogCard models={data.models} />
          <ModelPricesCard />
        </>
      )}
    </section>
  );
}

function ModelsSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading models">
      {[2, 3].map((rows) => (
        <Card key={rows}>
          <CardHeader>
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-4 w-80 max-w-full" />
          </CardHeader>
          <CardContent className="grid gap-4 md:grid-cols-2">
            {Array.from({ length: rows }, (_, i) => (
              <div key={i} className="grid gap-2">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-9 w-full" />
              </div>
            ))}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
