import { describe, expect, it } from "vitest";
import {
  agentFromParam,
  chatAgentGroups,
  conversationStarters,
  defaultChatAgent,
  DEFAULT_CONVERSATION_STARTERS,
} from "./agent-choice";

const agent = (id: number, name: string, stage = "released", showInChat = true) => ({
  id,
  name,
  stage,
  showInChat,
  conversationStarters: [] as string[],
});
const agents = [
  agent(1, "zeta"),
  agent(2, "Alpha", "development"),
  agent(3, "beta"),
  agent(4, "Hidden", "released", false),
  agent(5, "Gamma", "draft"),
];

describe("chat agent choice", () => {
  it("[CHAT-10] [CHAT-11] [CHAT-12] hides showInChat=false, sorts by name and splits active from development", () => {
    const { active, development } = chatAgentGroups(agents);
    expect(active.map((a) => a.name)).toEqual(["beta", "Gamma", "zeta"]);
    expect(development.map((a) => a.name)).toEqual(["Alpha"]);
  });

  it("[CHAT-14] picks the organisation default, else the first active, else the first development, else the first", () => {
    expect(defaultChatAgent(agents, 2)?.name).toBe("Alpha");
    expect(defaultChatAgent(agents, null)?.name).toBe("beta");
    expect(defaultChatAgent([agent(7, "Dev", "development"), agent(8, "Dev 0", "development")], 99)?.name).toBe("Dev");
    expect(defaultChatAgent([agent(9, "Only hidden", "released", false)], null)?.name).toBe("Only hidden");
    expect(defaultChatAgent([], null)).toBeUndefined();
  });

  it("[CHAT-01] ?agent= matches an id or a name, case-insensitively", () => {
    expect(agentFromParam(agents, "3")?.name).toBe("beta");
    expect(agentFromParam(agents, "ALPHA")?.id).toBe(2);
    expect(agentFromParam(agents, "nobody")).toBeUndefined();
    expect(agentFromParam(agents, null)).toBeUndefined();
  });

  it("[CHAT-09] agents without starters get the three defaults", () => {
    expect(DEFAULT_CONVERSATION_STARTERS).toEqual([
      "How can I help you?",
      "Tell me more about your project",
      "What's on your mind?",
    ]);
    expect(conversationStarters({ conversationStarters: [" ", ""] })).toEqual(DEFAULT_CONVERSATION_STARTERS);
    expect(conversationStarters({ conversationStarters: ["Plan my week"] })).toEqual(["Plan my week"]);
  });
});
