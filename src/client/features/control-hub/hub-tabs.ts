// The seven Control Hub tabs (ROUTE-12..20) and which one a path belongs to.
export interface HubTab {
  id: "agents" | "providers" | "models" | "knowledge-bases" | "scheduled-tasks" | "integrations" | "settings";
  label: string;
  path: string;
}

export const HUB_BASE = "/control-hub";

export const HUB_TABS: readonly HubTab[] = [
  { id: "agents", label: "Agents", path: HUB_BASE },
  { id: "providers", label: "Providers", path: `${HUB_BASE}/providers` },
  { id: "models", label: "Models", path: `${HUB_BASE}/models` },
  { id: "knowledge-bases", label: "Knowledge Bases", path: `${HUB_BASE}/knowledge-bases` },
  { id: "scheduled-tasks", label: "Tasks", path: `${HUB_BASE}/scheduled-tasks` },
  { id: "integrations", label: "Integrations", path: `${HUB_BASE}/integrations` },
  { id: "settings", label: "Settings", path: `${HUB_BASE}/settings` },
];

/** Sub-routes that belong to another tab: advanced settings and user management sit under Settings. */
const SEGMENT_TAB: Record<string, HubTab["id"]> = {
  "advanced-settings": "settings",
  organization: "settings",
  agents: "agents",
};

/** The tab a path shows as active; anything unknown falls back to Agents (ROUTE-13). */
export function activeHubTab(pathname: string): HubTab {
  const agents = HUB_TABS[0]!;
  const lower = pathname.toLowerCase();
  if (lower !== HUB_BASE && !lower.startsWith(`${HUB_BASE}/`)) return agents;
  const segment = lower.slice(HUB_BASE.length).split("/").find(Boolean) ?? "";
  const id = SEGMENT_TAB[segment] ?? segment;
  return HUB_TABS.find((t) => t.id === id) ?? agents;
}
