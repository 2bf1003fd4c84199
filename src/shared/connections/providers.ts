// Model providers and their credential fields (chat spec §5, hub spec §3/§5), plus an
// OpenAI-compatible provider for Ollama, vLLM or LM Studio (beyond the spec).
import { z } from "zod";
import type { ConnectionDefinition } from "./types";

const req = (message: string) =>
  z.string({ required_error: message, invalid_type_error: message }).trim().min(1, message);
const opt = () => z.string().trim().optional().or(z.literal(""));

// Fields that become part of a host name are checked against what the cloud allows (security #7):
// anything else could end the host early ("x.127.0.0.1.nip.io:3532/#") and send the request elsewhere.
export const AWS_REGION_PATTERN = /^[a-z]{2}(-[a-z]+)+-\d$/;
export const AZURE_RESOURCE_PATTERN = /^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$/i;
export const VERTEX_LOCATION_PATTERN = /^[a-z]+(-[a-z]+\d+)?$/;

export interface ServiceAccountKey {
  type: "service_account";
  client_email: string;
  private_key: string;
  private_key_id?: string;
  project_id?: string;
}

/**
 * The service-account fields of a Vertex JSON key, or null when it is not one. Only these reach
 * Google's auth library: other credential types (external_account …) and fields such as
 * universe_domain or credential_source name URLs and files the library would fetch or read.
 */
export function serviceAccountKey(raw: string): ServiceAccountKey | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const k = json as Record<string, unknown> | null;
  if (
    !k ||
    typeof k !== "object" ||
    k.type !== "service_account" ||
    typeof k.client_email !== "string" ||
    typeof k.private_key !== "string"
  )
    return null;
  const optional = (v: unknown) => (typeof v === "string" ? v : undefined);
  return {
    type: "service_account",
    client_email: k.client_email,
    private_key: k.private_key,
    private_key_id: optional(k.private_key_id),
    project_id: optional(k.project_id),
  };
}

const provider = (
  def: Omit<ConnectionDefinition, "kind" | "fields" | "schema"> & { shape: Record<string, z.ZodTypeAny> },
): ConnectionDefinition => {
  const { shape, ...rest } = def;
  return { ...rest, kind: "provider", schema: z.object(shape), fields: Object.keys(shape) };
};

export const PROVIDERS: readonly ConnectionDefinition[] = [
  provider({
    key: "openai",
    name: "OpenAI",
    description: "GPT-5, GPT-4.1, GPT-4o and o-series models, plus embeddings for knowledge bases.",
    logoUrl: "/providers/openai.svg",
    shape: { OPENAI_API_KEY: req("API key is required") },
    fieldLabels: { OPENAI_API_KEY: "API Key" },
  }),
  provider({
    key: "azure_openai",
    name: "Azure OpenAI",
    description: "OpenAI models deployed in your Azure subscription.",
    logoUrl: "/providers/azure.svg",
    shape: {
      RESOURCE_NAME: req("Resource name is required").regex(
        AZURE_RESOURCE_PATTERN,
        "Resource name may contain only letters, digits and hyphens",
      ),
      API_KEY: req("API key is required"),
      DEPLOYMENT_NAME: opt(),
    },
    optionalFields: ["DEPLOYMENT_NAME"],
    destinationFields: ["RESOURCE_NAME"],
    fieldLabels: { RESOURCE_NAME: "Resource Name", API_KEY: "API Key", DEPLOYMENT_NAME: "Deployment Name (legacy)" },
  }),
  provider({
    key: "anthropic",
    name: "Anthropic",
    description: "Claude models for reasoning, writing and tool use.",
    logoUrl: "/providers/anthropic.svg",
    shape: { ANTHROPIC_API_KEY: req("API key is required") },
    fieldLabels: { ANTHROPIC_API_KEY: "API Key" },
  }),
  provider({
    key: "google",
    name: "Google",
    description: "Gemini models through the Google AI Studio API.",
    logoUrl: "/providers/google.svg",
    shape: { GOOGLE_API_KEY: req("API key is required") },
    fieldLabels: { GOOGLE_API_KEY: "API Key" },
  }),
  provider({
    key: "google_vertex",
    name: "Google Vertex AI",
    description: "Gemini models through your Google Cloud project.",
    logoUrl: "/providers/vertex.svg",
    shape: {
      GOOGLE_CLOUD_PROJECT_ID: req("Project ID is required"),
      GOOGLE_CLOUD_LOCATION: req("Location is required").regex(
        VERTEX_LOCATION_PATTERN,
        "Location must be a Google Cloud location such as us-central1",
      ),
      GOOGLE_CLOUD_JSON_KEY: req("JSON key is required").refine(
        (v) => serviceAccountKey(v) !== null,
        'JSON key must be a service account key (type "service_account")',
      ),
    },
    destinationFields: ["GOOGLE_CLOUD_LOCATION"],
    fieldLabels: {
      GOOGLE_CLOUD_PROJECT_ID: "Project ID",
      GOOGLE_CLOUD_LOCATION: "Location",
      GOOGLE_CLOUD_JSON_KEY: "Service Account JSON Key",
    },
    fieldConfig: { GOOGLE_CLOUD_JSON_KEY: { multiline: true }, GOOGLE_CLOUD_LOCATION: { placeholder: "us-central1" } },
  }),
  provider({
    key: "aws_bedrock",
    name: "AWS Bedrock",
    description: "Foundation models hosted on Amazon Bedrock.",
    logoUrl: "/providers/aws.svg",
    shape: {
      AWS_REGION: req("Region is required").regex(
        AWS_REGION_PATTERN,
        "Region must be an AWS region code such as us-east-1",
      ),
      AWS_ACCESS_KEY_ID: req("Access Key ID is required"),
      AWS_SECRET_ACCESS_KEY: req("Secret Access Key is required"),
      AWS_SESSION_TOKEN: opt(),
    },
    optionalFields: ["AWS_SESSION_TOKEN"],
    destinationFields: ["AWS_REGION"],
    fieldLabels: {
      AWS_REGION: "Region",
      AWS_ACCESS_KEY_ID: "Access Key ID",
      AWS_SECRET_ACCESS_KEY: "Secret Access Key",
      AWS_SESSION_TOKEN: "Session Token",
    },
    fieldConfig: { AWS_REGION: { placeholder: "us-east-1" } },
  }),
  provider({
    key: "xai",
    name: "xAI",
    description: "Grok models from xAI.",
    logoUrl: "/providers/xai.svg",
    shape: { XAI_API_KEY: req("API key is required") },
    fieldLabels: { XAI_API_KEY: "API Key" },
  }),
  provider({
    key: "openai_compatible",
    name: "OpenAI-compatible",
    description: "Any server that speaks the OpenAI Chat Completions API: Ollama, vLLM, LM Studio, corporate gateways.",
    logoUrl: "/providers/openai-compatible.svg",
    shape: {
      BASE_URL: req("Base URL is required").pipe(
        z
          .string()
          .url("Base URL must be a valid URL")
          .regex(/^https?:\/\//i, "Base URL must start with http:// or https://"),
      ),
      API_KEY: opt(),
      MODELS: req("At least one model name is required"),
    },
    optionalFields: ["API_KEY"],
    destinationFields: ["BASE_URL"],
    fieldLabels: { BASE_URL: "Base URL", API_KEY: "API Key (optional)", MODELS: "Model names (comma-separated)" },
    fieldConfig: {
      BASE_URL: { placeholder: "http://localhost:11434/v1" },
      MODELS: { placeholder: "llama3.1, qwen2.5" },
    },
  }),
];

export const PROVIDER_BY_KEY = Object.fromEntries(PROVIDERS.map((p) => [p.key, p])) as Record<
  string,
  ConnectionDefinition
>;
