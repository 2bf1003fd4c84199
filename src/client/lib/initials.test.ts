import { describe, expect, it } from "vitest";
import { initials } from "./initials";

describe("initials", () => {
  it("[SHELL-06] the account button shows the user's initials", () => {
    expect(initials("Ada Lovelace")).toBe("AL");
    expect(initials("Ada King Lovelace")).toBe("AL");
    expect(initials("ada")).toBe("A");
    expect(initials("  ")).toBe("?");
    expect(initials(null, "U")).toBe("U");
  });
});
