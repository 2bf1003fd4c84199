import { describe, expect, it } from "vitest";
import { createFailureMessage, updateFailureMessage } from "./save-messages";

const failure = (error?: string) => ({ ok: false as const, status: 400, statusText: "Bad Request", data: error ? { error } : null });

describe("agent save toasts", () => {
  it("AGENT-39: a failed create shows the server's reason, else the generic text", () => {
    expect(createFailureMessage(failure("Unknown agent in callable agents: 4"))).toBe("Unknown agent in callable agents: 4");
    expect(createFailureMessage(failure())).toBe("Failed to create agent. Please try again.");
    expect(createFailureMessage(new TypeError("Failed to fetch"))).toBe("Failed to create agent. Please try again.");
  });
  it("AGENT-40: a failed update reads Failed to update agent. plus the reason", () => {
    expect(updateFailureMessage(failure("Only organization admins can update agents"))).toBe(
      "Failed to update agent. Only organization admins can update agents",
    );
    expect(updateFailureMessage(failure())).toBe("Failed to update agent. Please try again.");
  });
});
