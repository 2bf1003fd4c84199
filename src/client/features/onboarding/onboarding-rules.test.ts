import { describe, expect, it } from "vitest";
import {
  clearFieldError,
  connectionsBody,
  DEFAULT_AGENT_DESCRIPTION,
  DEFAULT_AGENT_NAME,
  DEFAULT_CONVERSATION_STARTERS,
  firstAgentPayload,
  initialOnboardingState,
  isControlHubPath,
  isMaskedField,
  ONBOARDING_DEFAULT_TOOLS,
  ONBOARDING_MAX_TOOLS,
  ONBOARDING_STEPS,
  onboardingProviders,
  onboardingTools,
  shouldOpenOnboarding,
  toggleTool,
  validateProviderStep,
} from "./onboarding-rules";
import { isOnboardingComplete, markOnboardingComplete, onboardingStorageKey } from "./onboarding-storage";

describe("shouldOpenOnboarding", () => {
  const base = { loaded: true, completed: false, hasModel: false, agentCount: 0 };

  it("[ONB-01] opens once loaded when not completed and a model or an agent is missing", () => {
    expect(shouldOpenOnboarding(base)).toBe(true);
    expect(shouldOpenOnboarding({ ...base, hasModel: true })).toBe(true);
    expect(shouldOpenOnboarding({ ...base, agentCount: 3 })).toBe(true);
  });

  it("[ONB-01] stays shut before the data has loaded, once completed, or when both exist", () => {
    expect(shouldOpenOnboarding({ ...base, loaded: false })).toBe(false);
    expect(shouldOpenOnboarding({ ...base, completed: true })).toBe(false);
    expect(shouldOpenOnboarding({ ...base, hasModel: true, agentCount: 1 })).toBe(false);
  });

  it("[ONB-02] recognises control-hub pages", () => {
    expect(isControlHubPath("/control-hub")).toBe(true);
    expect(isControlHubPath("/control-hub/providers")).toBe(true);
    expect(isControlHubPath("/control-hubs")).toBe(false);
    expect(isControlHubPath("/chat")).toBe(false);
    expect(isControlHubPath("/dashboard")).toBe(false);
  });
});

describe("onboarding completion storage", () => {
  it("[ONB-32] is kept per organisation in local storage", () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
    expect(isOnboardingComplete("org-a", storage)).toBe(false);
    markOnboardingComplete("org-a", storage);
    expect(isOnboardingComplete("org-a", storage)).toBe(true);
    expect(isOnboardingComplete("org-b", storage)).toBe(false);
    expect(data.get(onboardingStorageKey("org-a"))).toBe("true");
  });
});

describe("provider step", () => {
  it("[ONB-11] offers only OpenAI and Anthropic", () => {
    expect(onboardingProviders().map((p) => p.key)).toEqual(["openai", "anthropic"]);
  });

  it("[ONB-12] requires a provider", () => {
    expect(validateProviderStep(null, {})).toEqual({ provider: "Please select a provider" });
  });

  it("[ONB-13] requires every credential field after trimming, with the provider's own message", () => {
    expect(validateProviderStep("openai", {})).toEqual({ OPENAI_API_KEY: "API key is required" });
    expect(validateProviderStep("anthropic", { ANTHROPIC_API_KEY: "   " })).toEqual({
      ANTHROPIC_API_KEY: "API key is required",
    });
    expect(validateProviderStep("openai", { OPENAI_API_KEY: " sk-test " })).toEqual({});
  });

  it("[ONB-13] checks every required field of a provider and leaves optional ones alone", () => {
    expect(validateProviderStep("azure_openai", {})).toEqual({
      RESOURCE_NAME: "Resource name is required",
      API_KEY: "API key is required",
    });
  });

  it("[ONB-14] editing a field clears only its error", () => {
    const errors = { OPENAI_API_KEY: "API key is required", other: "x" };
    expect(clearFieldError(errors, "OPENAI_API_KEY")).toEqual({ other: "x" });
    expect(clearFieldError(errors, "absent")).toBe(errors);
  });

  it("[ONB-15] masks fields whose name contains key or secret", () => {
    expect(isMaskedField("OPENAI_API_KEY")).toBe(true);
    expect(isMaskedField("AWS_SECRET_ACCESS_KEY")).toBe(true);
    expect(isMaskedField("RESOURCE_NAME")).toBe(false);
  });

  it("[ONB-10] sends the trimmed credentials keyed by provider key", () => {
    const state = {
      ...initialOnboardingState(),
      selectedProvider: "openai" as const,
      providerCredentials: { OPENAI_API_KEY: "  sk-test " },
    };
    expect(connectionsBody(state)).toEqual({ openai: { OPENAI_API_KEY: "sk-test" } });
  });
});

describe("agent step", () => {
  it("[ONB-33] [ONB-17] [ONB-21] the state starts with the spec's defaults", () => {
    const state = initialOnboardingState();
    expect(Object.keys(state).sort()).toEqual([
      "agentDescription",
      "agentInstructions",
      "agentName",
      "providerCredentials",
      "selectedProvider",
      "selectedTools",
    ]);
    expect(state.agentName).toBe("My First Agent");
    expect(state.agentDescription).toBe("A helpful AI assistant for my organization");
    expect(state.agentInstructions.length).toBeGreaterThan(20);
    expect(state.selectedTools).toEqual(["search_google", "scrape_url", "ask_web"]);
  });

  it("[ONB-19] lists only the recommended or default tools", () => {
    const tools = onboardingTools();
    expect(tools.every((t) => t.recommended || ONBOARDING_DEFAULT_TOOLS.includes(t.name))).toBe(true);
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining([...ONBOARDING_DEFAULT_TOOLS]));
  });

  it("[ONB-20] at most 4 tools can be chosen; removing always works", () => {
    let selected = toggleTool(["search_google", "scrape_url", "ask_web"], "execute_python");
    expect(selected).toHaveLength(ONBOARDING_MAX_TOOLS);
    expect(toggleTool(selected, "call_api")).toEqual(selected);
    selected = toggleTool(selected, "scrape_url");
    expect(selected).toEqual(["search_google", "ask_web", "execute_python"]);
  });

  it("[ONB-18] [ONB-22] [ONB-23] [API-22] the first agent's payload: logoUrl, integrations and mcpServers empty, no showInChat", () => {
    const openai = firstAgentPayload({ ...initialOnboardingState(), selectedProvider: "openai" });
    expect(openai).toEqual({
      name: DEFAULT_AGENT_NAME,
      description: DEFAULT_AGENT_DESCRIPTION,
      model: "openai:gpt-4.1",
      maxToolRoundtrips: 20,
      systemPrompt: initialOnboardingState().agentInstructions,
      conversationStarters: ["What can you help me with?", "Summarise a topic for me", "Help me draft a message"],
      logoUrl: "",
      tools: { search_google: true, scrape_url: true, ask_web: true },
      stage: "released",
      integrations: [],
      mcpServers: [],
    });
    expect(DEFAULT_CONVERSATION_STARTERS).toHaveLength(3);
    expect(firstAgentPayload({ ...initialOnboardingState(), selectedProvider: "anthropic" }).model).toBe(
      "anthropic:claude-sonnet-4-20250514",
    );
  });

  it("[ONB-05] has four steps", () => {
    expect(ONBOARDING_STEPS).toBe(4);
  });
});
