import { describe, expect, it } from "vitest";
import { orgSlug, randomSuffix } from "./org-slug";

describe("organisation slug", () => {
  it("[SHELL-08] derives a URL-safe slug from the name plus a random suffix", () => {
    expect(orgSlug("Acme Corp", "x1y2z3")).toBe("acme-corp-x1y2z3");
    expect(orgSlug("  Café   Déjà-Vu!  ", "abc123")).toBe("cafe-deja-vu-abc123");
  });

  it("[SHELL-08] a name without letters or digits still gets a slug", () => {
    expect(orgSlug("!!!", "abc123")).toBe("org-abc123");
  });

  it("[SHELL-08] suffixes are lowercase letters and digits", () => {
    expect(randomSuffix()).toMatch(/^[a-z0-9]{6}$/);
    expect(randomSuffix(3, () => 0)).toBe("aaa");
  });
});
