// Setup of the chat specs: an organisation with OpenAI connected (the app's OPENAI_BASE_URL points at
// the loopback fake provider) and agents created through the API.
import type { Page } from "@playwright/test";
import { connectOpenAIViaApi, post } from "./control-hub-support";
import { signedInWithOrg } from "./support/app";

export interface AgentSpec {
  name: string;
  description?: string;
  logoUrl?: string;
  stage?: "development" | "released";
  conversationStarters?: string[];
  tools?: Record<string, unknown>;
  callableAgentIds?: number[];
  showInChat?: boolean;
}

export async function createAgentViaApi(page: Page, agent: AgentSpec): Promise<{ id: number; name: string }> {
  return post(page.request, "/api/agents", {
    model: "openai:gpt-4.1",
    integrations: [],
    mcpServers: [],
    stage: "released",
    ...agent,
  });
}

/** A signed-in user whose organisation can chat with the given agents. */
export async function chatReady(page: Page, ...agents: AgentSpec[]) {
  const setup = await signedInWithOrg(page, "Chat Org");
  await connectOpenAIViaApi(page);
  const created = [];
  for (const a of agents) created.push(await createAgentViaApi(page, a));
  return { ...setup, agents: created };
}

export const messageBox = (page: Page) => page.getByRole("textbox", { name: "Message" });
