// The model select's options (AGENT-04, AGENT-34): chat models of connected providers, labelled with
// their provider and context window.
import { contextLabel, type CatalogModel } from "@/shared/models/catalog";

export interface ModelOption {
  value: string;
  label: string;
}

export function modelOptionLabel(model: CatalogModel): string {
  const parts = [model.name, model.provider];
  if (model.tokens) parts.push(contextLabel(model.tokens));
  return parts.join(" · ");
}

/**
 * Chat models only. An agent whose model is no longer available (its provider was disconnected)
 * keeps it as an option, marked, so the form shows what is stored instead of a blank choice.
 */
export function modelOptions(models: CatalogModel[], current: string): ModelOption[] {
  const options = models.filter((m) => m.type === "chat").map((m) => ({ value: m.key, label: modelOptionLabel(m) }));
  if (current && !options.some((o) => o.value === current))
    options.unshift({ value: current, label: `${current} (not available)` });
  return options;
}

/** The model a new agent starts with: the organisation's default chat model when it is available. */
export function initialModel(models: CatalogModel[], defaultChatModel: string | null | undefined): string {
  return defaultChatModel && models.some((m) => m.type === "chat" && m.key === defaultChatModel)
    ? defaultChatModel
    : "";
}
