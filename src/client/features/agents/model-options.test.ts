import { describe, expect, it } from "vitest";
import { MODEL_CATALOG } from "@/shared/models/catalog";
import { initialModel, modelOptions } from "./model-options";

const openai = MODEL_CATALOG.filter((m) => m.providerKey === "openai");

describe("modelOptions", () => {
  it("AGENT-04: lists chat models by key with provider and context labels", () => {
    const options = modelOptions(openai, "");
    expect(options.find((o) => o.value === "openai:gpt-4o")?.label).toBe("gpt-4o · OpenAI · 128K tokens");
    expect(options.find((o) => o.value === "openai:gpt-4.1")?.label).toBe("gpt-4.1 · OpenAI · 1.0M tokens");
    expect(options.some((o) => o.value.includes("embedding"))).toBe(false);
  });
  it("AGENT-34: keeps an agent's stored model that is no longer available, marked", () => {
    expect(modelOptions(openai, "anthropic:claude-sonnet-4-5")[0]).toEqual({
      value: "anthropic:claude-sonnet-4-5",
      label: "anthropic:claude-sonnet-4-5 (not available)",
    });
  });
});

describe("initialModel", () => {
  it("AGENT-34: starts with the default chat model only when it is available", () => {
    expect(initialModel(openai, "openai:gpt-4.1")).toBe("openai:gpt-4.1");
    expect(initialModel(openai, "anthropic:claude-sonnet-4-5")).toBe("");
    expect(initialModel(openai, null)).toBe("");
  });
});
