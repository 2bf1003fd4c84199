import { describe, expect, it } from "vitest";
import { activeHubTab, HUB_TABS } from "./hub-tabs";

describe("Control Hub tabs", () => {
  it("[ROUTE-12][ROUTE-14..20] has seven tabs at the spec's paths, in order", () => {
    expect(HUB_TABS.map((t) => [t.label, t.path])).toEqual([
      ["Agents", "/control-hub"],
      ["Providers", "/control-hub/providers"],
      ["Models", "/control-hub/models"],
      ["Knowledge Bases", "/control-hub/knowledge-bases"],
      ["Tasks", "/control-hub/scheduled-tasks"],
      ["Integrations", "/control-hub/integrations"],
      ["Settings", "/control-hub/settings"],
    ]);
  });

  it("[ROUTE-12] the active tab follows the path, trailing slashes included", () => {
    for (const tab of HUB_TABS) {
      expect(activeHubTab(tab.path).id).toBe(tab.id);
      expect(activeHubTab(`${tab.path}/`).id).toBe(tab.id);
    }
  });

  it("[ROUTE-21][ROUTE-23] sub-routes keep their tab active (the file review route of ROUTE-22 comes with knowledge bases)", () => {
    expect(activeHubTab("/control-hub/agents/new").id).toBe("agents");
    expect(activeHubTab("/control-hub/agents/42").id).toBe("agents");
    expect(activeHubTab("/control-hub/knowledge-bases/7").id).toBe("knowledge-bases");
    expect(activeHubTab("/control-hub/knowledge-bases/7/files/3/review").id).toBe("knowledge-bases");
    expect(activeHubTab("/control-hub/settings/advanced-settings").id).toBe("settings");
    expect(activeHubTab("/control-hub/advanced-settings").id).toBe("settings");
    expect(activeHubTab("/control-hub/organization").id).toBe("settings");
  });

  it("[ROUTE-13] unknown Control Hub paths fall back to Agents", () => {
    expect(activeHubTab("/control-hub/nope").id).toBe("agents");
    expect(activeHubTab("/control-hub/providersx").id).toBe("agents");
    expect(activeHubTab("/control-hubble").id).toBe("agents");
    expect(activeHubTab("/dashboard").id).toBe("agents");
  });
});
