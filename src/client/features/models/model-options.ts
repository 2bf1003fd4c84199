// How models read in selects and tables: provider label and context label (MODEL-27).
import { contextLabel, type CatalogModel } from "@/shared/models/catalog";

/** "128K tokens" for chat models; "8K tokens · 1536 dimensions" for embeddings. */
export function modelSizeLabel(model: CatalogModel): string {
  if (model.type === "embedding") {
    return [model.maxTokens && contextLabel(model.maxTokens), model.dimensions && `${model.dimensions} dimensions`]
      .filter(Boolean)
      .join(" · ");
  }
  return model.tokens ? contextLabel(model.tokens) : "";
}

/** "gpt-4o · OpenAI · 128K tokens" */
export function modelOptionLabel(model: CatalogModel): string {
  return [model.name, model.provider, modelSizeLabel(model)].filter(Boolean).join(" · ");
}

/** Models of one type, grouped by provider label in first-seen order. */
export function groupByProvider(
  models: readonly CatalogModel[],
  type: CatalogModel["type"],
): Array<[string, CatalogModel[]]> {
  const groups = new Map<string, CatalogModel[]>();
  for (const model of models) {
    if (model.type !== type) continue;
    groups.set(model.provider, [...(groups.get(model.provider) ?? []), model]);
  }
  return [...groups];
}
