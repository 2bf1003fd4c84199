// Model prices (decision 084): the organisation's own per model, else the built-in default of a catalogue
// model. Every query takes the organisation first.
import { and, eq } from "drizzle-orm";
import { db } from "../db/client";
import { agent, modelPrice } from "../db/tables";
import { DEFAULT_MODEL_PRICES, type ModelPriceValue } from "../../shared/models/prices";
import { findCatalogModel, MODEL_CATALOG } from "../../shared/models/catalog";
import type { ModelPriceRow, UpdateModelPriceInput } from "../../shared/models/prices-schema";

async function overrides(orgId: string) {
  return db()
    .select({
      model: modelPrice.model,
      inputPerMillion: modelPrice.inputPerMillion,
      outputPerMillion: modelPrice.outputPerMillion,
    })
    .from(modelPrice)
    .where(eq(modelPrice.organizationId, orgId));
}

/** model key → the price that applies in this organisation. */
export async function effectivePrices(orgId: string): Promise<Map<string, ModelPriceValue>> {
  const prices = new Map<string, ModelPriceValue>(Object.entries(DEFAULT_MODEL_PRICES));
  for (const o of await overrides(orgId)) prices.set(o.model, o);
  return prices;
}

/** The catalogue's chat models, the models the organisation's agents use, and any model it priced. */
export async function listModelPrices({ orgId }: { orgId: string }): Promise<ModelPriceRow[]> {
  const [own, agentModels] = await Promise.all([
    overrides(orgId),
    db().selectDistinct({ model: agent.model }).from(agent).where(eq(agent.organizationId, orgId)),
  ]);
  const custom = new Map(own.map((o) => [o.model, o]));
  const keys = new Set([
    ...MODEL_CATALOG.filter((m) => m.type === "chat").map((m) => m.key),
    ...agentModels.map((a) => a.model),
    ...custom.keys(),
  ]);
  return [...keys].map((model): ModelPriceRow => {
    const price = custom.get(model) ?? DEFAULT_MODEL_PRICES[model];
    return {
      model,
      name: findCatalogModel(model)?.name ?? model,
      inputPerMillion: price?.inputPerMillion ?? null,
      outputPerMillion: price?.outputPerMillion ?? null,
      source: custom.has(model) ? "custom" : price ? "default" : "none",
    };
  });
}

export async function updateModelPrice({ orgId, input }: { orgId: string; input: UpdateModelPriceInput }) {
  const values = { inputPerMillion: input.inputPerMillion, outputPerMillion: input.outputPerMillion };
  await db()
    .insert(modelPrice)
    .values({ organizationId: orgId, model: input.model, ...values })
    .onConflictDoUpdate({
      target: [modelPrice.organizationId, modelPrice.model],
      set: { ...values, updatedAt: new Date() },
    });
}

/** Back to the default (or to no price, for a model without one). */
export async function resetModelPrice({ orgId, model }: { orgId: string; model: string }) {
  await db()
    .delete(modelPrice)
    .where(and(eq(modelPrice.organizationId, orgId), eq(modelPrice.model, model)));
}
