import { describe, expect, it } from "vitest";
import { parseDefaultAgentId, PRIVATE_TOOLS, togglePrivateTool } from "./settings-values";

describe("settings values", () => {
  it("[SET-07] the default agent is stored as an integer, or null when empty", () => {
    expect(parseDefaultAgentId("")).toBeNull();
    expect(parseDefaultAgentId("12")).toBe(12);
    expect(parseDefaultAgentId("abc")).toBeNull();
  });

  it("[SET-13] the private tools are listed with name, category and description", () => {
    expect(PRIVATE_TOOLS.length).toBeGreaterThan(0);
    for (const tool of PRIVATE_TOOLS) {
      expect(tool.isPrivate).toBe(true);
      expect(tool.displayName).toBeTruthy();
      expect(tool.description).toBeTruthy();
    }
    expect(PRIVATE_TOOLS.map((t) => t.name)).toContain("save_acord_certificate");
  });

  it("[SET-14] switching a tool gives the whole new list, in catalogue order, without duplicates", () => {
    const [first, second] = PRIVATE_TOOLS.map((t) => t.name);
    expect(togglePrivateTool([], second!, true)).toEqual([second]);
    expect(togglePrivateTool([second!], first!, true)).toEqual([first, second]);
    expect(togglePrivateTool([first!, second!], first!, false)).toEqual([second]);
    expect(togglePrivateTool([first!, "not_private"], first!, true)).toEqual([first]);
  });
});
