import { describe, expect, it } from "vitest";
import { availableModels } from "@/shared/models/available";
import { findCatalogModel } from "@/shared/models/catalog";
import { groupByProvider, modelOptionLabel } from "./model-options";

describe("model options", () => {
  it("[MODEL-27] a chat option shows its provider and context label", () => {
    expect(modelOptionLabel(findCatalogModel("openai:gpt-4o")!)).toBe("gpt-4o · OpenAI · 128K tokens");
    expect(modelOptionLabel(findCatalogModel("openai:gpt-4.1")!)).toBe("gpt-4.1 · OpenAI · 1.0M tokens");
    expect(modelOptionLabel(findCatalogModel("google:gemini-1.5-pro")!)).toBe("gemini-1.5-pro · Google · 2.1M tokens");
  });

  it("[MODEL-14][MODEL-15] an embedding option shows max tokens and dimensions", () => {
    expect(modelOptionLabel(findCatalogModel("openai:text-embedding-3-large")!)).toBe(
      "text-embedding-3-large · OpenAI · 8K tokens · 3072 dimensions",
    );
  });

  it("[MODEL-17][MODEL-18] Azure instances group under Azure with the spec's defaults", () => {
    const models = availableModels(
      { openai: true, azure_openai: true },
      {
        modelInstances: {
          "azure:prod": { provider: "azure_openai", deploymentName: "prod", type: "chat", underlyingModel: "gpt-4" },
        },
      },
    );
    const chat = groupByProvider(models, "chat");
    expect(chat.map(([provider]) => provider)).toEqual(["OpenAI", "Azure"]);
    expect(modelOptionLabel(chat[1]![1][0]!)).toBe("prod · Azure · 128K tokens");
    expect(groupByProvider(models, "embedding").map(([p, m]) => [p, m.length])).toEqual([["OpenAI", 2]]);
  });
});
