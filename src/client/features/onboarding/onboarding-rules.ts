// The onboarding wizard's constants and rules (chat spec §3 "Onboarding state", §4, §5, §9; rulings.md).
import { PROVIDERS } from "@/shared/connections/providers";
import { isSecretField, type ConnectionDefinition } from "@/shared/connections/types";
import { DEFAULT_MAX_TOOL_ROUNDTRIPS, type SaveAgentInput } from "@/shared/agents/schema";
import { toolDefinitions, toolMetadata } from "@/tools/registry";
import type { ToolMetadata } from "@/tools/define-tool";

export const ONBOARDING_STEPS = 4;
export const ONBOARDING_MAX_TOOLS = 4;
export const ONBOARDING_DEFAULT_TOOLS: readonly string[] = ["search_google", "scrape_url", "ask_web"];
/** Only the providers that need a single API key are offered (ONB-11); their default models (ONB-18, rulings.md). */
export const ONBOARDING_MODELS = { openai: "openai:gpt-4.1", anthropic: "anthropic:claude-sonnet-4-20250514" } as const;
export type OnboardingProvider = keyof typeof ONBOARDING_MODELS;

export const DEFAULT_AGENT_NAME = "My First Agent";
export const DEFAULT_AGENT_DESCRIPTION = "A helpful AI assistant for my organization";
export const DEFAULT_AGENT_INSTRUCTIONS =
  "You are a friendly and helpful assistant for our organization. Answer questions clearly and concisely, " +
  "use your tools to look things up when it helps, and say so honestly when you are not sure about something.";
export const DEFAULT_CONVERSATION_STARTERS: readonly string[] = [
  "What can you help me with?",
  "Summarise a topic for me",
  "Help me draft a message",
];

/** ONB-33 */
export interface OnboardingState {
  selectedProvider: OnboardingProvider | null;
  providerCredentials: Record<string, string>;
  agentName: string;
  agentDescription: string;
  agentInstructions: string;
  selectedTools: string[];
}

export const initialOnboardingState = (): OnboardingState => ({
  selectedProvider: null,
  providerCredentials: {},
  agentName: DEFAULT_AGENT_NAME,
  agentDescription: DEFAULT_AGENT_DESCRIPTION,
  agentInstructions: DEFAULT_AGENT_INSTRUCTIONS,
  selectedTools: [...ONBOARDING_DEFAULT_TOOLS],
});

export const onboardingProviders = (): ConnectionDefinition[] =>
  (Object.keys(ONBOARDING_MODELS) as OnboardingProvider[]).map((key) => PROVIDERS.find((p) => p.key === key)!);

/** ONB-19: the recommended tools plus the defaults, in catalogue order. */
export function onboardingTools(): ToolMetadata[] {
  return toolDefinitions
    .filter((t) => !t.isPrivate && (t.recommended || ONBOARDING_DEFAULT_TOOLS.includes(t.name)))
    .map(toolMetadata);
}

/** ONB-20: a tool can be added only while fewer than 4 are chosen; removing is always possible. */
export function toggleTool(selected: readonly string[], name: string): string[] {
  if (selected.includes(name)) return selected.filter((t) => t !== name);
  return selected.length >= ONBOARDING_MAX_TOOLS ? [...selected] : [...selected, name];
}

/** ONB-15 with rulings.md: masked when the name contains key, secret, password or token. */
export const isMaskedField = isSecretField;

/**
 * ONB-12/13: a provider must be chosen; every required field must be non-empty after trimming. The message
 * is the provider's own where it has one (rulings.md), else "{field} is required".
 */
export function validateProviderStep(
  provider: string | null,
  credentials: Record<string, string>,
): Record<string, string> {
  if (!provider) return { provider: "Please select a provider" };
  const def = PROVIDERS.find((p) => p.key === provider);
  if (!def) return { provider: "Please select a provider" };
  const errors: Record<string, string> = {};
  const parsed = def.schema.safeParse(credentials);
  const schemaMessages = new Map<string, string>();
  if (!parsed.success)
    for (const issue of parsed.error.issues) schemaMessages.set(String(issue.path[0]), issue.message);
  for (const field of def.fields) {
    if (def.optionalFields?.includes(field)) continue;
    if ((credentials[field] ?? "").trim()) continue;
    errors[field] = schemaMessages.get(field) ?? `${def.fieldLabels[field] ?? field} is required`;
  }
  return errors;
}

/** ONB-14: editing a field clears its error (and only its error). */
export function clearFieldError(errors: Record<string, string>, field: string): Record<string, string> {
  if (!(field in errors)) return errors;
  const { [field]: _cleared, ...rest } = errors;
  return rest;
}

/** POST /api/updateConnections' onboarding body: the credentials keyed by provider key (chat §7). */
export function connectionsBody(state: OnboardingState): Record<string, Record<string, string>> {
  const provider = state.selectedProvider!;
  const def = PROVIDERS.find((p) => p.key === provider)!;
  const creds: Record<string, string> = {};
  for (const field of def.fields)
    if (state.providerCredentials[field]?.trim()) creds[field] = state.providerCredentials[field].trim();
  return { [provider]: creds };
}

/**
 * POST /api/agents' body for the first agent (chat §7, ONB-17..23; released per rulings.md). Unlike the
 * hub's form it lists no showInChat (API-22): the server's default, shown in chat, applies.
 */
export function firstAgentPayload(state: OnboardingState): Omit<SaveAgentInput, "showInChat"> {
  return {
    name: state.agentName,
    description: state.agentDescription,
    model: ONBOARDING_MODELS[state.selectedProvider!],
    maxToolRoundtrips: DEFAULT_MAX_TOOL_ROUNDTRIPS,
    systemPrompt: state.agentInstructions,
    conversationStarters: [...DEFAULT_CONVERSATION_STARTERS],
    logoUrl: "",
    tools: Object.fromEntries(state.selectedTools.map((t) => [t, true])),
    stage: "released",
    integrations: [],
    mcpServers: [],
  };
}

/** ONB-01: once user, organisation and agents have loaded; not marked complete; no model or no agents. */
export function shouldOpenOnboarding(o: {
  loaded: boolean;
  completed: boolean;
  hasModel: boolean;
  agentCount: number;
}): boolean {
  return o.loaded && !o.completed && (!o.hasModel || o.agentCount === 0);
}

/** ONB-02 */
export const isControlHubPath = (pathname: string) =>
  pathname === "/control-hub" || pathname.startsWith("/control-hub/");
