// Where each model provider is reached and how its refusals read: shared by the chat models (ai/) and the
// key check of a saved connection (providers/), which must not import each other both ways.
// `<PROVIDER>_BASE_URL` environment overrides: operators point a provider at a corporate gateway,
// tests at a loopback stand-in. Read at call time so tests can set them.
const ENV_NAMES: Record<string, string> = {
  openai: "OPENAI_BASE_URL",
  anthropic: "ANTHROPIC_BASE_URL",
  google: "GOOGLE_BASE_URL",
  azure_openai: "AZURE_OPENAI_BASE_URL",
  xai: "XAI_BASE_URL",
  aws_bedrock: "AWS_BEDROCK_BASE_URL",
  google_vertex: "GOOGLE_VERTEX_BASE_URL",
};

export const baseUrlEnvName = (providerKey: string) => ENV_NAMES[providerKey];

export function baseUrlFor(providerKey: string): string | undefined {
  const name = ENV_NAMES[providerKey];
  const value = name ? process.env[name]?.trim() : undefined;
  return value ? value.replace(/\/$/, "") : undefined;
}
