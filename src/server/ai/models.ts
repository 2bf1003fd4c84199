// Resolves an agent's `providerKey:modelName` to an AI SDK language model built from the
// organisation's decrypted credentials. Credentials are decrypted here and nowhere else.
// Providers whose host an org admin decides (OpenAI-compatible base URL, Azure resource name, Bedrock
// region, Vertex location) send every request through the outbound guard (security #7); the others
// talk to their vendor's fixed host or the operator's <PROVIDER>_BASE_URL.
// Only OpenAI's package loads at start; every other provider's loads when first used (each brings its own
// copy of the SDK's provider utilities, ~2–6 MB of heap apiece; Vertex and Bedrock bring Google's and
// AWS's auth libraries, ~30 MB each): an idle server holds none of them (issue 18).
import { AsyncLocalStorage } from "node:async_hooks";
import type { LanguageModel } from "ai";
import { AppError } from "../errors";
import { getCredentials } from "../providers/connection-store";
import { validateCredentials } from "../providers/connection-service";
import { getOrgState } from "../settings/queries";
import { PROVIDER_BY_KEY, serviceAccountKey } from "../../shared/connections/providers";
import { baseUrlFor } from "../provider-api/base-urls";
import { guardedStreamFetch } from "../net/guarded-stream-fetch";
import { fetchOnce } from "../net/fetch-once";
import { httpSend } from "../net/http-send";
import { openAiProvider } from "./sdk";
import { OPENAI_CHAT } from "./openai-chat-fast-dialect";
import { fastChatStream, fastStreamFetch } from "./openai-chat-fast-stream";
import { OPENAI_COMPATIBLE_CHAT } from "./openai-compatible-fast-dialect";

export const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

export interface ResolvedModel {
  model: LanguageModel;
  providerKey: string;
  modelName: string;
}

/** The organisation's decrypted credentials for a provider, checked again at use; a clear error when not connected. */
export async function credentialsFor(orgId: string, providerKey: string) {
  const creds = await getCredentials({ orgId, key: providerKey });
  const def = PROVIDER_BY_KEY[providerKey];
  if (!creds)
    throw new AppError(
      "bad_request",
      `${def?.name ?? providerKey} is not connected. Ask an admin to connect it in the Control Hub.`,
    );
  // Checked again at use: credentials saved before a field was validated (a region that ends the
  // host name early) must not reach the network either.
  return def ? validateCredentials(def, creds) : creds;
}

type Fetch = typeof globalThis.fetch;

const modelGate = new AsyncLocalStorage<Promise<unknown>>();

/**
 * Runs `f` with every model request it makes waiting for `gate` (a chat's statement before the model,
 * decision 112): the SDK builds the request while that statement commits and sends it the moment it has.
 */
export function withModelGate<T>(gate: Promise<unknown> | undefined, f: () => T): T {
  return gate ? modelGate.run(gate, f) : f();
}

const gated =
  <R>(f: (input: string, init?: RequestInit) => Promise<R>) =>
  async (input: Parameters<Fetch>[0], init?: RequestInit): Promise<R> => {
    const gate = modelGate.getStore();
    if (gate) await gate;
    return f(input as string, init);
  };
// The SDK's own default (`globalThis.fetch`, looked up when it is called, as the SDK does), without undici's
// copy of each request (decision 145).
const plain: Fetch = gated(fetchOnce());
const guarded: Fetch = gated(guardedStreamFetch);
// OpenAI-wire Chat Completions streams: plain text deltas read here, the rest by the package (decisions
// 116, 121: OpenAI, Azure OpenAI, OpenAI-compatible). Only a call made through `fastChatStream` is split.
// OpenAI's calls that the direct reader takes go out through node:http (decision 147).
const openAiFetch = fastStreamFetch(plain, gated(httpSend(fetchOnce())));
const guardedFast = fastStreamFetch(guarded);

/**
 * Models by everything they are built from (provider, organisation, credentials, base URL, name): building one
 * is work the request does not need to repeat — the OpenAI-compatible package builds its stream's zod schema in
 * each model's constructor, 1–3 ms of CPU a chat (decision 112); OpenAI's and Azure's providers and models are
 * objects a chat would make again (decision 137). A model holds no state between calls. Keyed by the credentials
 * themselves, so changed ones make another model; the oldest goes beyond the bound.
 */
const models = new Map<string, LanguageModel>();
const MAX_MODELS = 256;

async function cachedModel(key: unknown[], build: () => Promise<LanguageModel>): Promise<LanguageModel> {
  const k = JSON.stringify(key);
  let model = models.get(k);
  if (!model) {
    model = await build();
    models.set(k, model);
    if (models.size > MAX_MODELS) models.delete(models.keys().next().value!);
  }
  return model;
}

export async function resolveModel({ orgId, modelKey }: { orgId: string; modelKey: string }): Promise<ResolvedModel> {
  const sep = modelKey.indexOf(":");
  if (sep < 1) throw new AppError("bad_request", `Unknown model: ${modelKey}`);
  const prefix = modelKey.slice(0, sep);
  const name = modelKey.slice(sep + 1);

  if (prefix === "azure" || prefix === "azure_openai") {
    const prefs = (await getOrgState({ orgId })).modelPreferences;
    const instance = prefs.modelInstances?.[`azure:${name}`];
    const c = await credentialsFor(orgId, "azure_openai");
    const deployment = instance?.deploymentName ?? name;
    const baseURL = baseUrlFor("azure_openai");
    const model = await cachedModel(
      ["azure_openai", orgId, str(c.RESOURCE_NAME), str(c.API_KEY), baseURL, deployment],
      async () => {
        const { createAzure } = await import("@ai-sdk/azure");
        const azure = createAzure({
          resourceName: str(c.RESOURCE_NAME),
          apiKey: str(c.API_KEY),
          baseURL,
          fetch: guardedFast,
        });
        // Azure's own copy of @ai-sdk/openai (4.0.81) reads a plain text delta as 4.0.118 does (decision 121).
        return fastChatStream(azure.chat(deployment));
      },
    );
    return {
      model,
      providerKey: "azure_openai",
      modelName: name,
    };
  }
  const c = await credentialsFor(orgId, prefix);
  switch (prefix) {
    case "openai": {
      const apiKey = str(c.OPENAI_API_KEY);
      const baseURL = baseUrlFor("openai");
      const model = await cachedModel(["openai", orgId, apiKey, baseURL, name], async () => {
        const { createOpenAI } = await openAiProvider();
        // A chat's stream is read directly while its events are the common ones (decision 141).
        return fastChatStream(createOpenAI({ apiKey, baseURL, fetch: openAiFetch }).chat(name), OPENAI_CHAT, {
          direct: true,
        });
      });
      return { model, providerKey: prefix, modelName: name };
    }
    case "anthropic": {
      const { createAnthropic } = await import("@ai-sdk/anthropic");
      return {
        model: createAnthropic({ apiKey: str(c.ANTHROPIC_API_KEY), baseURL: baseUrlFor("anthropic"), fetch: plain })(
          name,
        ),
        providerKey: prefix,
        modelName: name,
      };
    }
    case "google": {
      const { createGoogleGenerativeAI } = await import("@ai-sdk/google");
      return {
        model: createGoogleGenerativeAI({
          apiKey: str(c.GOOGLE_API_KEY),
          baseURL: baseUrlFor("google"),
          fetch: plain,
        })(name),
        providerKey: prefix,
        modelName: name,
      };
    }
    case "google_vertex": {
      // Only a service account's own fields reach Google's auth library: other key types can name
      // URLs it would fetch and files it would read.
      const credentials = serviceAccountKey(String(c.GOOGLE_CLOUD_JSON_KEY));
      if (!credentials)
        throw new AppError("bad_request", 'The Vertex JSON key must be a service account key (type "service_account")');
      const { createVertex } = await import("@ai-sdk/google-vertex");
      const vertex = createVertex({
        project: str(c.GOOGLE_CLOUD_PROJECT_ID),
        location: str(c.GOOGLE_CLOUD_LOCATION),
        googleAuthOptions: { credentials },
        baseURL: baseUrlFor("google_vertex"),
        fetch: guarded,
      });
      return { model: vertex(name), providerKey: prefix, modelName: name };
    }
    case "aws_bedrock": {
      const { createAmazonBedrock } = await import("@ai-sdk/amazon-bedrock");
      const bedrock = createAmazonBedrock({
        region: str(c.AWS_REGION),
        accessKeyId: str(c.AWS_ACCESS_KEY_ID),
        secretAccessKey: str(c.AWS_SECRET_ACCESS_KEY),
        sessionToken: str(c.AWS_SESSION_TOKEN),
        baseURL: baseUrlFor("aws_bedrock"),
        fetch: guarded,
      });
      return { model: bedrock(name), providerKey: prefix, modelName: name };
    }
    case "xai": {
      const { createXai } = await import("@ai-sdk/xai");
      return {
        model: createXai({ apiKey: str(c.XAI_API_KEY), baseURL: baseUrlFor("xai"), fetch: plain })(name),
        providerKey: prefix,
        modelName: name,
      };
    }
    case "openai_compatible": {
      // The base URL is an org admin's input: the request goes through the outbound guard so it cannot reach
      // internal addresses; operators open a local server (Ollama on localhost) with OUTBOUND_ALLOW_HOSTS.
      const model = await cachedModel(
        ["openai_compatible", orgId, String(c.BASE_URL), str(c.API_KEY) ?? null, name],
        async () => {
          const { createOpenAICompatible } = await import("@ai-sdk/openai-compatible");
          const provider = createOpenAICompatible({
            name: "openai-compatible",
            baseURL: String(c.BASE_URL),
            apiKey: str(c.API_KEY),
            includeUsage: true,
            fetch: guardedFast,
          });
          // No metadataExtractor: the fast path's text deltas never reach the package (decision 121).
          return fastChatStream(provider.chatModel(name), OPENAI_COMPATIBLE_CHAT);
        },
      );
      return { model, providerKey: prefix, modelName: name };
    }
    default:
      throw new AppError("bad_request", `Unknown model: ${modelKey}`);
  }
}
