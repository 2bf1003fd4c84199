import { describe, expect, it } from "vitest";
import { MODEL_CATALOG, PROVIDER_KEYS, PROVIDER_LABELS, contextLabel, findCatalogModel } from "./catalog";
import { availableModels, hasConnectedModel } from "./available";

const m = (name: string) => MODEL_CATALOG.find((x) => x.name === name)!;

describe("model catalogue", () => {
  it("[MODEL-02] provider keys and display names in order", () => {
    expect(PROVIDER_KEYS.map((k) => PROVIDER_LABELS[k])).toEqual(["OpenAI", "Anthropic", "Google", "Azure", "xAI", "AWS", "Vertex"]);
  });

  it("[MODEL-03]-[MODEL-15] the spec's rows with context, output and flags", () => {
    const rows: Array<[string, number | undefined, number | undefined]> = [
      ["gpt-5", 272000, 128000], ["gpt-5-mini", 272000, 128000], ["gpt-4.1", 1047576, 32768], ["gpt-4.1-mini", 1047576, 32768],
      ["gpt-4o", 128000, 8192], ["gpt-4o-mini", 128000, 8192], ["o4-mini", 200000, 100000], ["o3", 200000, 100000],
      ["claude-sonnet-4-5", 200000, 100000], ["claude-sonnet-4-20250514", 200000, 100000], ["claude-opus-4-20250514", 200000, 100000],
      ["claude-3-5-sonnet-latest", 200000, 8192], ["claude-3-7-sonnet-latest", 200000, 64000],
      ["gemini-1.5-flash", 1048576, 8192], ["gemini-1.5-pro", 2097152, 8192],
      ["grok-4", 256000, undefined], ["grok-3-latest", 131072, undefined], ["grok-3-fast-latest", 131072, undefined],
    ];
    for (const [name, tokens, out] of rows) expect([m(name).tokens, m(name).outputTokens], name).toEqual([tokens, out]);
    for (const name of ["gpt-5", "gpt-5-mini", "o4-mini", "o3"]) expect(m(name).defaultTemperature).toBe(1);
    expect(m("grok-4").vision).toBe(true);
    expect(m("grok-3-latest").vision).toBe(false);
    expect(m("grok-3-fast-latest").vision).toBe(false);
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
    const prefs = { modelInstances: { "azure:dep": { provider: "azure_openai", deploymentName: "dep", type: "embedding" as const, underlyingModel: "text-embedding-ada-002" } } };
    expect(availableModels({ azure_openai: true }, prefs)).toEqual([
      expect.objectContaining({ key: "azure:dep", type: "embedding", dimensions: 1536, maxTokens: 8192, provider: "Azure" }),
    ]);
    expect(hasConnectedModel({ azure_openai: true }, prefs)).toBe(false);
  });
});
