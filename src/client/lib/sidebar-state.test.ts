import { describe, expect, it } from "vitest";
import { initialSidebarOpen, isSidebarShortcut, readSidebarCookie, sidebarCookie } from "./sidebar-state";

describe("sidebar state", () => {
  it("[SHELL-17] the cookie is sidebar_state, site-wide, kept 7 days", () => {
    expect(sidebarCookie(false)).toBe("sidebar_state=false; path=/; max-age=604800; SameSite=Lax");
  });

  it("[SHELL-17] reads the state back from a cookie string among others", () => {
    expect(readSidebarCookie("a=1; sidebar_state=false; b=2")).toBe(false);
    expect(readSidebarCookie("sidebar_state=true")).toBe(true);
    expect(readSidebarCookie("other=true")).toBeUndefined();
    expect(readSidebarCookie("sidebar_state=maybe")).toBeUndefined();
  });

  it("[SHELL-17] the cookie wins over the local copy, which wins over the default", () => {
    expect(initialSidebarOpen({ cookie: "sidebar_state=false", stored: "true", windowWidth: 1400 })).toBe(false);
    expect(initialSidebarOpen({ cookie: "", stored: "false", windowWidth: 1400 })).toBe(false);
    expect(initialSidebarOpen({ cookie: "", stored: "true", windowWidth: 500 })).toBe(true);
  });

  it("[SHELL-18] [CONST-01] defaults to expanded only when the window is wider than 768 px", () => {
    expect(initialSidebarOpen({ cookie: "", stored: null, windowWidth: 769 })).toBe(true);
    expect(initialSidebarOpen({ cookie: "", stored: null, windowWidth: 768 })).toBe(false);
  });

  it("[SHELL-16] Ctrl+B and Cmd+B toggle; plain B and Ctrl+Shift+B do not", () => {
    expect(isSidebarShortcut({ key: "b", ctrlKey: true, metaKey: false })).toBe(true);
    expect(isSidebarShortcut({ key: "B", ctrlKey: false, metaKey: true })).toBe(true);
    expect(isSidebarShortcut({ key: "b", ctrlKey: false, metaKey: false })).toBe(false);
    expect(isSidebarShortcut({ key: "b", ctrlKey: true, metaKey: false, shiftKey: true })).toBe(false);
  });
});
