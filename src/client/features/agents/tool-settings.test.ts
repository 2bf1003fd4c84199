import { describe, expect, it } from "vitest";
import { isToolEnabled } from "@/shared/agents/schema";
import {
  askBeforeSending,
  callableAgentIds,
  pruneCallableAgents,
  setAskBeforeSending,
  setCallableAgentIds,
  setToolEnabled,
  toggleId,
} from "./tool-settings";

describe("setToolEnabled", () => {
  it("[AGENT-06] a plain tool is stored as true and removed when switched off", () => {
    const on = setToolEnabled({}, "scrape_url", true);
    expect(on).toEqual({ scrape_url: true });
    expect(setToolEnabled(on, "scrape_url", false)).toEqual({});
  });
  it("AGENT-07: call_agent starts with an empty callableAgentIds config", () => {
    expect(setToolEnabled({}, "call_agent", true)).toEqual({
      call_agent: { enabled: true, config: { callableAgentIds: [] } },
    });
  });
  it("AGENT-07: search_knowledge_base starts with an empty accessibleKnowledgeBaseIds config", () => {
    expect(setToolEnabled({}, "search_knowledge_base", true)).toEqual({
      search_knowledge_base: { enabled: true, config: { accessibleKnowledgeBaseIds: [] } },
    });
  });
  it("[AGENT-08] read_kb_file, implied by search_knowledge_base, is switched off explicitly", () => {
    const tools = setToolEnabled({}, "search_knowledge_base", true);
    expect(isToolEnabled(tools, "read_kb_file")).toBe(true);
    const off = setToolEnabled(tools, "read_kb_file", false);
    expect(off.read_kb_file).toBe(false);
    expect(isToolEnabled(off, "read_kb_file")).toBe(false);
  });
});

describe("callable agents", () => {
  it("AGENT-07: the allowed agents are kept in call_agent's config", () => {
    const tools = setCallableAgentIds(setToolEnabled({}, "call_agent", true), [3, 5]);
    expect(tools.call_agent).toEqual({ enabled: true, config: { callableAgentIds: [3, 5] } });
    expect(callableAgentIds(tools)).toEqual([3, 5]);
  });
  it("AGENT-07: switching call_agent off and on keeps nothing stale but restores an existing config", () => {
    const tools = { call_agent: { enabled: true, config: { callableAgentIds: [4] } } };
    expect(setToolEnabled(tools, "call_agent", true).call_agent).toEqual({
      enabled: true,
      config: { callableAgentIds: [4] },
    });
  });
  it("toggleId adds and removes one id", () => {
    expect(toggleId([1, 2], 3, true)).toEqual([1, 2, 3]);
    expect(toggleId([1, 2, 3], 2, false)).toEqual([1, 3]);
    expect(toggleId([1], 1, true)).toEqual([1]);
  });
});

describe("pruneCallableAgents", () => {
  it("AGENT-07: forgets callable agents that were deleted since", () => {
    const tools = { call_agent: { enabled: true, config: { callableAgentIds: [1, 2] } } };
    expect(pruneCallableAgents(tools, [2, 3]).call_agent).toEqual({ enabled: true, config: { callableAgentIds: [2] } });
    expect(pruneCallableAgents(tools, [1, 2])).toBe(tools);
    expect(pruneCallableAgents({ scrape_url: true }, [])).toEqual({ scrape_url: true });
  });
});

describe("send_email's ask before sending", () => {
  it("is stored in send_email's config, off by default, and keeps the tool enabled", () => {
    const on = setToolEnabled({}, "send_email", true);
    expect(askBeforeSending(on)).toBe(false);
    const asked = setAskBeforeSending(on, true);
    expect(asked.send_email).toEqual({ enabled: true, config: { askBeforeSending: true } });
    expect(isToolEnabled(asked, "send_email")).toBe(true);
    expect(askBeforeSending(asked)).toBe(true);
    expect(askBeforeSending(setAskBeforeSending(asked, false))).toBe(false);
  });
});
