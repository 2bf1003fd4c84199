import { describe, expect, it } from "vitest";
import type { Agent } from "@/shared/agents/schema";
import { newAgentValues, parseAgentForm, valuesFromAgent } from "./agent-form-values";

const errorsOf = (values: Parameters<typeof parseAgentForm>[0]) => {
  const parsed = parseAgentForm(values);
  return parsed.ok ? {} : parsed.errors;
};

describe("newAgentValues", () => {
  it("AGENT-32/AGENT-29/AGENT-35: a new agent is named New Agent, in development, with 20 roundtrips", () => {
    const v = newAgentValues();
    expect(v.name).toBe("New Agent");
    expect(v.stage).toBe("development");
    expect(v.maxToolRoundtrips).toBe("20");
    expect(v.showInChat).toBe(true);
  });
});

describe("parseAgentForm", () => {
  const valid = { ...newAgentValues("openai:gpt-4o") };

  it("[AGENT-09] builds the request body with integrations sent empty", () => {
    const parsed = parseAgentForm({ ...valid, conversationStarters: ["Hi", "  ", " Help "] }, 7);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.payload).toMatchObject({
      id: 7,
      name: "New Agent",
      model: "openai:gpt-4o",
      stage: "development",
      maxToolRoundtrips: 20,
      conversationStarters: ["Hi", "Help"],
      integrations: [],
      mcpServers: [],
      tools: {},
    });
  });
  it("AGENT-33: name is required and at most 100 characters", () => {
    expect(errorsOf({ ...valid, name: " " }).name).toBe("Agent name is required");
    expect(errorsOf({ ...valid, name: "x".repeat(101) }).name).toBe("Agent name must be less than 100 characters");
    expect(errorsOf({ ...valid, name: "x".repeat(100) }).name).toBeUndefined();
  });
  it("AGENT-34: model is required", () => {
    expect(errorsOf({ ...valid, model: "" }).model).toBe("AI model is required");
  });
  it("AGENT-35: maxToolRoundtrips must be a number from 1 to 100", () => {
    expect(errorsOf({ ...valid, maxToolRoundtrips: "0" }).maxToolRoundtrips).toBe(
      "Max tool roundtrips must be between 1 and 100",
    );
    expect(errorsOf({ ...valid, maxToolRoundtrips: "101" }).maxToolRoundtrips).toBe(
      "Max tool roundtrips must be between 1 and 100",
    );
    expect(errorsOf({ ...valid, maxToolRoundtrips: "abc" }).maxToolRoundtrips).toBe(
      "Max tool roundtrips must be a number",
    );
    expect(errorsOf({ ...valid, maxToolRoundtrips: "100" }).maxToolRoundtrips).toBeUndefined();
  });
  it("AGENT-36: logoUrl must be a URL or empty", () => {
    expect(errorsOf({ ...valid, logoUrl: "not a url" }).logoUrl).toBe("Logo URL must be a valid URL");
    expect(errorsOf({ ...valid, logoUrl: "https://example.com/a.png" }).logoUrl).toBeUndefined();
    expect(errorsOf({ ...valid, logoUrl: "" }).logoUrl).toBeUndefined();
  });
});

describe("valuesFromAgent", () => {
  const agent = {
    id: 3,
    name: "Helper",
    description: "d",
    logoUrl: "",
    model: "openai:gpt-4o",
    stage: "beta",
    systemPrompt: "Be kind",
    conversationStarters: ["Hi"],
    maxToolRoundtrips: 5,
    tools: { scrape_url: true },
    showInChat: false,
    mcpServers: [2],
  } as unknown as Agent;

  it("[AGENT-28] a stage other than development is edited as released", () => {
    expect(valuesFromAgent(agent).stage).toBe("released");
    expect(valuesFromAgent({ ...agent, stage: "development" }).stage).toBe("development");
  });
  it("AGENT-23: round-trips the agent's fields", () => {
    const parsed = parseAgentForm(valuesFromAgent(agent), 3);
    expect(parsed.ok && parsed.payload).toMatchObject({
      id: 3,
      name: "Helper",
      systemPrompt: "Be kind",
      maxToolRoundtrips: 5,
      tools: { scrape_url: true },
      showInChat: false,
      mcpServers: [2],
    });
  });
});
