import { describe, expect, it } from "vitest";
import { conversationHref, isNavItemActive, NAV_ITEMS } from "./nav-items";

const item = (title: string) => NAV_ITEMS.find((i) => i.title === title)!;

describe("sidebar navigation", () => {
  it("[SHELL-10] lists Dashboard, Control Hub and New Chat with their routes", () => {
    expect(NAV_ITEMS.map((i) => [i.title, i.href])).toEqual([
      ["Dashboard", "/dashboard"],
      ["Control Hub", "/control-hub"],
      ["New Chat", "/chat"],
    ]);
  });

  it("[SHELL-11] an entry is active when the path starts with its route", () => {
    expect(isNavItemActive("/dashboard", item("Dashboard"))).toBe(true);
    expect(isNavItemActive("/control-hub/providers", item("Control Hub"))).toBe(true);
    expect(isNavItemActive("/chat", item("Control Hub"))).toBe(false);
  });

  it("[SHELL-12] New Chat is active only on /chat exactly", () => {
    expect(isNavItemActive("/chat", item("New Chat"))).toBe(true);
    expect(isNavItemActive("/chat/abc123", item("New Chat"))).toBe(false);
    expect(isNavItemActive("/chat/", item("New Chat"))).toBe(false);
  });

  it("[CONV-01] a conversation links to /chat/{id}", () => {
    expect(conversationHref("abc-123")).toBe("/chat/abc-123");
  });
});
