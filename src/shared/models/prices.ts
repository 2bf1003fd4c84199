// Default prices of the catalogue's chat models in US dollars per 1,000,000 tokens (decision 084): the
// providers' published list prices for standard (non-batch, non-cached) usage. An organisation's admins
// override them per model; a model with neither (Azure deployments, Bedrock, Vertex) has no price.
export interface ModelPriceValue {
  inputPerMillion: number;
  outputPerMillion: number;
}

const p = (inputPerMillion: number, outputPerMillion: number): ModelPriceValue => ({
  inputPerMillion,
  outputPerMillion,
});

export const DEFAULT_MODEL_PRICES: Readonly<Record<string, ModelPriceValue>> = {
  "openai:gpt-5": p(1.25, 10),
  "openai:gpt-5-mini": p(0.25, 2),
  "openai:gpt-4.1": p(2, 8),
  "openai:gpt-4.1-mini": p(0.4, 1.6),
  "openai:gpt-4o": p(2.5, 10),
  "openai:gpt-4o-mini": p(0.15, 0.6),
  "openai:o4-mini": p(1.1, 4.4),
  "openai:o3": p(2, 8),
  "anthropic:claude-sonnet-4-5": p(3, 15),
  "anthropic:claude-sonnet-4-20250514": p(3, 15),
  "anthropic:claude-opus-4-20250514": p(15, 75),
  "anthropic:claude-3-5-sonnet-latest": p(3, 15),
  "anthropic:claude-3-7-sonnet-latest": p(3, 15),
  "google:gemini-1.5-flash": p(0.075, 0.3),
  "google:gemini-1.5-pro": p(1.25, 5),
  "xai:grok-4": p(3, 15),
  "xai:grok-3-latest": p(3, 15),
  "xai:grok-3-fast-latest": p(5, 25),
};

/** Dollars for the given tokens at a price per million. */
export const tokenCost = (price: ModelPriceValue, inputTokens: number, outputTokens: number) =>
  (inputTokens * price.inputPerMillion + outputTokens * price.outputPerMillion) / 1_000_000;
