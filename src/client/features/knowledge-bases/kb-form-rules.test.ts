import { describe, expect, it } from "vitest";
import { MODEL_CATALOG } from "@/shared/models/catalog";
import { availableModels } from "@/shared/models/available";
import {
  canSubmitKbForm,
  choiceLabel,
  embeddingChoices,
  EXAMPLE_SCHEMA_TEXT,
  extractionChoices,
  kbPayload,
  validateKbForm,
  type KbFormValues,
} from "./kb-form-rules";

const VALID: KbFormValues = {
  name: "Policies",
  description: "",
  embeddingModel: "openai:text-embedding-3-small",
  extractionModel: "",
  extractionSchema: "",
};

describe("knowledge-base form rules", () => {
  it("[KB-15] name is required and trimmed", () => {
    expect(validateKbForm({ ...VALID, name: "   " }).name).toBe("Knowledge base name is required");
    expect(kbPayload({ ...VALID, name: "  Policies  " }).name).toBe("Policies");
  });

  it("[KB-16] an embedding model is required", () => {
    expect(validateKbForm({ ...VALID, embeddingModel: "" }).embeddingModel).toBe("Please select an embedding model");
  });

  it("[KB-17] description is trimmed; an empty extraction model and schema are sent as null", () => {
    expect(kbPayload({ ...VALID, description: "  HR docs \n" })).toEqual({
      name: "Policies",
      description: "HR docs",
      embeddingModel: "openai:text-embedding-3-small",
      extractionModel: null,
      extractionSchema: null,
    });
  });

  it("[KB-18] a schema that is not JSON reads 'Invalid JSON: {reason}'", () => {
    const error = validateKbForm({ ...VALID, extractionSchema: "{type: object" }).extractionSchema;
    expect(error).toMatch(/^Invalid JSON: .+/);
    expect(validateKbForm({ ...VALID, extractionSchema: "   " }).extractionSchema).toBeUndefined();
  });

  it("[KB-19] a schema without a type field is refused", () => {
    expect(validateKbForm({ ...VALID, extractionSchema: '{"properties": {}}' }).extractionSchema).toBe(
      "JSON schema must have a 'type' field",
    );
    expect(validateKbForm({ ...VALID, extractionSchema: "[1]" }).extractionSchema).toBe(
      "JSON schema must have a 'type' field",
    );
  });

  it("[KB-20] an object schema needs properties", () => {
    expect(validateKbForm({ ...VALID, extractionSchema: '{"type": "object"}' }).extractionSchema).toBe(
      "JSON schema with type 'object' must have a 'properties' field",
    );
    expect(validateKbForm({ ...VALID, extractionSchema: '{"type": "string"}' }).extractionSchema).toBeUndefined();
  });

  it("[KB-22] submit is possible only with a name, an embedding model and no schema error", () => {
    expect(canSubmitKbForm(VALID)).toBe(true);
    expect(canSubmitKbForm({ ...VALID, name: "" })).toBe(false);
    expect(canSubmitKbForm({ ...VALID, embeddingModel: "" })).toBe(false);
    expect(canSubmitKbForm({ ...VALID, extractionSchema: '{"type":"object"}' })).toBe(false);
  });

  it("[KB-11] the Copy Example schema passes the form's own checks and is an object schema with properties", () => {
    expect(validateKbForm({ ...VALID, extractionSchema: EXAMPLE_SCHEMA_TEXT })).toEqual({});
    const schema = JSON.parse(EXAMPLE_SCHEMA_TEXT) as { type: string; properties: object };
    expect(schema.type).toBe("object");
    expect(Object.keys(schema.properties).length).toBeGreaterThan(0);
  });

  it("[KB-27] embedding choices are the connected OpenAI models and Azure embedding instances, with dimensions and provider", () => {
    const models = availableModels(
      { openai: {}, azure_openai: {}, anthropic: {} },
      {
        modelInstances: {
          "azure:emb": { provider: "azure_openai", deploymentName: "emb", type: "embedding", underlyingModel: "x" },
          "azure:chat": { provider: "azure_openai", deploymentName: "chat", type: "chat", underlyingModel: "y" },
        },
      },
    );
    const choices = embeddingChoices(models);
    expect(choices.map((c) => [c.key, c.provider, c.dimensions])).toEqual([
      ["openai:text-embedding-3-small", "OpenAI", 1536],
      ["openai:text-embedding-3-large", "OpenAI", 3072],
      ["azure:emb", "Azure", 1536],
    ]);
    expect(embeddingChoices(MODEL_CATALOG.filter((m) => m.providerKey === "anthropic"))).toEqual([]);
  });

  it("[KB-12] extraction choices are the connected chat models, marked Azure or Default", () => {
    const models = availableModels(
      { openai: {}, azure_openai: {} },
      {
        defaultChatModel: "openai:gpt-4o",
        modelInstances: {
          "azure:gpt": { provider: "azure_openai", deploymentName: "gpt", type: "chat", underlyingModel: "gpt-4" },
        },
      },
    );
    const choices = extractionChoices(models, { defaultChatModel: "openai:gpt-4o" });
    expect(choices.every((c) => !c.key.includes("embedding"))).toBe(true);
    expect(choiceLabel(choices.find((c) => c.key === "openai:gpt-4o")!)).toBe("OpenAI · gpt-4o (Default)");
    expect(choiceLabel(choices.find((c) => c.key === "azure:gpt")!)).toBe("Azure · gpt (Azure)");
    expect(choiceLabel(choices.find((c) => c.key === "openai:gpt-4.1")!)).toBe("OpenAI · gpt-4.1");
  });

  it("[KB-13] with no chat model connected there is no extraction choice", () => {
    expect(extractionChoices(availableModels({}, {}), {})).toEqual([]);
  });
});
