// The model catalogue (chat spec §3, hub spec §3). Anthropic's two `{token}` rows are
// claude-sonnet-4-20250514 and claude-3-7-sonnet-latest (rulings.md).

export const PROVIDER_KEYS = [
  "openai",
  "anthropic",
  "google",
  "azure_openai",
  "xai",
  "aws_bedrock",
  "google_vertex",
] as const;
export type ProviderKey = (typeof PROVIDER_KEYS)[number];

export const PROVIDER_LABELS: Record<ProviderKey, string> = {
  openai: "OpenAI",
  anthropic: "Anthropic",
  google: "Google",
  azure_openai: "Azure",
  xai: "xAI",
  aws_bedrock: "AWS",
  google_vertex: "Vertex",
};

export interface CatalogModel {
  name: string;
  provider: string;
  providerKey: string;
  key: string;
  type: "chat" | "embedding";
  tokens?: number;
  outputTokens?: number;
  vision?: boolean;
  defaultTemperature?: number;
  dimensions?: number;
  maxTokens?: number;
}

const chat = (
  providerKey: ProviderKey,
  name: string,
  tokens: number,
  outputTokens?: number,
  extra: Partial<CatalogModel> = {},
): CatalogModel => ({
  name,
  provider: PROVIDER_LABELS[providerKey],
  providerKey,
  key: `${providerKey}:${name}`,
  type: "chat",
  tokens,
  ...(outputTokens === undefined ? {} : { outputTokens }),
  ...extra,
});

const embedding = (name: string, dimensions: number, maxTokens: number): CatalogModel => ({
  name,
  provider: PROVIDER_LABELS.openai,
  providerKey: "openai",
  key: `openai:${name}`,
  type: "embedding",
  dimensions,
  maxTokens,
});

export const MODEL_CATALOG: readonly CatalogModel[] = [
  chat("openai", "gpt-5", 272000, 128000, { defaultTemperature: 1, vision: true }),
  chat("openai", "gpt-5-mini", 272000, 128000, { defaultTemperature: 1, vision: true }),
  chat("openai", "gpt-4.1", 1047576, 32768, { vision: true }),
  chat("openai", "gpt-4.1-mini", 1047576, 32768, { vision: true }),
  chat("openai", "gpt-4o", 128000, 8192, { vision: true }),
  chat("openai", "gpt-4o-mini", 128000, 8192, { vision: true }),
  chat("openai", "o4-mini", 200000, 100000, { defaultTemperature: 1, vision: true }),
  chat("openai", "o3", 200000, 100000, { defaultTemperature: 1, vision: true }),
  chat("anthropic", "claude-sonnet-4-5", 200000, 100000, { vision: true }),
  chat("anthropic", "claude-sonnet-4-20250514", 200000, 100000, { vision: true }),
  chat("anthropic", "claude-opus-4-20250514", 200000, 100000, { vision: true }),
  chat("anthropic", "claude-3-5-sonnet-latest", 200000, 8192, { vision: true }),
  chat("anthropic", "claude-3-7-sonnet-latest", 200000, 64000, { vision: true }),
  chat("google", "gemini-1.5-flash", 1048576, 8192, { vision: true }),
  chat("google", "gemini-1.5-pro", 2097152, 8192, { vision: true }),
  chat("xai", "grok-4", 256000, undefined, { vision: true }),
  chat("xai", "grok-3-latest", 131072, undefined, { vision: false }),
  chat("xai", "grok-3-fast-latest", 131072, undefined, { vision: false }),
  embedding("text-embedding-3-small", 1536, 8192),
  embedding("text-embedding-3-large", 3072, 8192),
];

/** Azure instances are user-defined; these fill in what a deployment does not say. */
export const AZURE_CHAT_DEFAULTS = { tokens: 128000, outputTokens: 8192, vision: true } as const;
export const AZURE_EMBEDDING_DEFAULTS = { dimensions: 1536, maxTokens: 8192 } as const;
export const azureUnderlyingModel = (type: "chat" | "embedding") =>
  type === "chat" ? "gpt-4" : "text-embedding-ada-002";
export const azureInstanceKey = (deploymentName: string) => `azure:${deploymentName}`;

/** "1.0M tokens", "128K tokens", "512 tokens" (MODEL-27). */
export function contextLabel(tokens: number): string {
  if (tokens >= 1_000_000) return `${(tokens / 1_000_000).toFixed(1)}M tokens`;
  if (tokens >= 1_000) return `${Math.round(tokens / 1_000)}K tokens`;
  return `${tokens} tokens`;
}

export const findCatalogModel = (key: string) => MODEL_CATALOG.find((m) => m.key === key);
