import { describe, expect, it } from "vitest";
import { hasConnectedModel, needsFirstRunSetup } from "./first-run";

const org = (connections: Record<string, unknown>, modelInstances = {}) => ({
  connections,
  modelPreferences: { modelInstances },
});

describe("hasConnectedModel", () => {
  it("is true when a model provider's key is in the connections map", () => {
    expect(hasConnectedModel(org({ openai: true }))).toBe(true);
    expect(hasConnectedModel(org({ anthropic: true, postgres: true }))).toBe(true);
  });

  it("is false with no connections or only data integrations", () => {
    expect(hasConnectedModel(org({}))).toBe(false);
    expect(hasConnectedModel(org({ postgres: true, snowflake: true }))).toBe(false);
    expect(hasConnectedModel(org({ openai: false }))).toBe(false);
  });

  it("counts an Azure model instance as a connected model", () => {
    expect(
      hasConnectedModel(
        org({}, { gpt: { provider: "azure_openai", deploymentName: "gpt", type: "chat", underlyingModel: "gpt-4o" } }),
      ),
    ).toBe(true);
  });
});

describe("needsFirstRunSetup", () => {
  it("[DASH-02] is needed without a model or without agents, and not once both exist", () => {
    expect(needsFirstRunSetup({ hasModel: false, agentCount: 0 })).toBe(true);
    expect(needsFirstRunSetup({ hasModel: false, agentCount: 2 })).toBe(true);
    expect(needsFirstRunSetup({ hasModel: true, agentCount: 0 })).toBe(true);
    expect(needsFirstRunSetup({ hasModel: true, agentCount: 1 })).toBe(false);
  });
});
