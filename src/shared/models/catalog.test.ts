import { describe, expect, it } from "vitest";
import { MODEL_CATALOG, PROVIDER_KEYS, PROVIDER_LABELS, contextLabel, findCatalogModel } from "./catalog";
import { availableModels, hasConnectedModel } from "./available";

const m = (name: string) => MODEL_CATALOG.find((x) => x.name === name)!;

describe("model catalogue", () => {
  it("[MODEL-02] provider keys and display names in order", () => {
    expect(PROVIDER_KEYS.map((k) => PROVIDER_LABELS[k])).toEqual([
      "OpenAI",
      "Anthropic",
      "Google",
      "Azure",
      "xAI",
      "AWS",
      "Vertex",
    ]);
  });

  const limits = (name: string) => [m(name).tokens, m(name).outputTokens];

  it("[MODEL-03] gpt-5 and gpt-5-mini: 272000 context, 128000 output, default temperature 1", () => {
    for (const name of ["gpt-5", "gpt-5-mini"]) {
      expect(limits(name), name).toEqual([272000, 128000]);
      expect(m(name).defaultTemperature).toBe(1);
    }
  });

  it("[MODEL-04] gpt-4.1 and gpt-4.1-mini: 1047576 context, 32768 output", () => {
    for (const name of ["gpt-4.1", "gpt-4.1-mini"]) expect(limits(name), name).toEqual([1047576, 32768]);
  });

  it("[MODEL-05] gpt-4o and gpt-4o-mini: 128000 context, 8192 output", () => {
    for (const name of ["gpt-4o", "gpt-4o-mini"]) expect(limits(name), name).toEqual([128000, 8192]);
  });

  it("[MODEL-06] o4-mini and o3: 200000 context, 100000 output, default temperature 1", () => {
    for (const name of ["o4-mini", "o3"]) {
      expect(limits(name), name).toEqual([200000, 100000]);
      expect(m(name).defaultTemperature).toBe(1);
      expect(m(name).providerKey).toBe("openai");
    }
  });

  it("[MODEL-07] claude-sonnet-4-5, claude-sonnet-4-20250514 ({token}) and claude-opus-4-20250514: 200000 context, 100000 output", () => {
    for (const name of ["claude-sonnet-4-5", "claude-sonnet-4-20250514", "claude-opus-4-20250514"]) {
      expect(limits(name), name).toEqual([200000, 100000]);
      expect(m(name).provider).toBe("Anthropic");
    }
  });

  it("[MODEL-08] claude-3-5-sonnet-latest: 200000 context, 8192 output", () => {
    expect(limits("claude-3-5-sonnet-latest")).toEqual([200000, 8192]);
    expect(m("claude-3-5-sonnet-latest").provider).toBe("Anthropic");
  });

  it("[MODEL-09] claude-3-7-sonnet-latest ({token}): 200000 context, 64000 output", () => {
    expect(limits("claude-3-7-sonnet-latest")).toEqual([200000, 64000]);
    expect(m("claude-3-7-sonnet-latest").provider).toBe("Anthropic");
  });

  it("[MODEL-10] gemini-1.5-flash: 1048576 context, 8192 output", () => {
    expect(limits("gemini-1.5-flash")).toEqual([1048576, 8192]);
    expect(m("gemini-1.5-flash").provider).toBe("Google");
  });

  it("[MODEL-11] gemini-1.5-pro: 2097152 context, 8192 output", () => {
    expect(limits("gemini-1.5-pro")).toEqual([2097152, 8192]);
    expect(m("gemini-1.5-pro").provider).toBe("Google");
  });

  it("[MODEL-12] grok-4: 256000 context, vision", () => {
    expect(m("grok-4")).toMatchObject({ provider: "xAI", tokens: 256000, vision: true });
  });

  it("[MODEL-13] grok-3-latest and grok-3-fast-latest: 131072 context, no vision", () => {
    for (const name of ["grok-3-latest", "grok-3-fast-latest"])
      expect(m(name), name).toMatchObject({ provider: "xAI", tokens: 131072, vision: false });
  });

  it("[MODEL-14] [MODEL-15] the embedding models and nothing beyond the spec's rows", () => {
    expect(m("text-embedding-3-small")).toMatchObject({ type: "embedding", dimensions: 1536, maxTokens: 8192 });
    expect(m("text-embedding-3-large")).toMatchObject({ type: "embedding", dimensions: 3072, maxTokens: 8192 });
    expect(MODEL_CATALOG).toHaveLength(20);
  });

  it("[MODEL-01][AGENT-04] keys are providerKey:modelName", () => {
    for (const model of MODEL_CATALOG) expect(model.key).toBe(`${model.providerKey}:${model.name}`);
    expect(findCatalogModel("anthropic:claude-sonnet-4-20250514")?.provider).toBe("Anthropic");
  });

  it("[MODEL-27] context labels", () => {
    expect(contextLabel(1047576)).toBe("1.0M tokens");
    expect(contextLabel(2097152)).toBe("2.1M tokens");
    expect(contextLabel(1000000)).toBe("1.0M tokens");
    expect(contextLabel(128000)).toBe("128K tokens");
    expect(contextLabel(131072)).toBe("131K tokens");
    expect(contextLabel(1000)).toBe("1K tokens");
    expect(contextLabel(999)).toBe("999 tokens");
  });

  it("available models follow the connections and Azure instances", () => {
    expect(availableModels({}, {})).toEqual([]);
    expect(hasConnectedModel({}, {})).toBe(false);
    const anthropic = availableModels({ anthropic: true }, {});
    expect(anthropic.every((x) => x.providerKey === "anthropic")).toBe(true);
    const prefs = {
      modelInstances: {
        "azure:dep": {
          provider: "azure_openai",
          deploymentName: "dep",
          type: "embedding" as const,
          underlyingModel: "text-embedding-ada-002",
        },
      },
    };
    expect(availableModels({ azure_openai: true }, prefs)).toEqual([
      expect.objectContaining({
        key: "azure:dep",
        type: "embedding",
        dimensions: 1536,
        maxTokens: 8192,
        provider: "Azure",
      }),
    ]);
    expect(hasConnectedModel({ azure_openai: true }, prefs)).toBe(false);
  });
});
