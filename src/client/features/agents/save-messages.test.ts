import { describe, expect, it } from "vitest";
import { HttpError } from "@/client/lib/api";
import { createFailureToast, updateFailureMessage } from "./save-messages";

const failure = (error?: string) => ({
  ok: false as const,
  status: 400,
  statusText: "Bad Request",
  data: error ? { error } : null,
});

describe("agent save toasts", () => {
  it("[AGENT-39] a create the server refused says check the console (its reason below); one that got no answer says try again", () => {
    expect(createFailureToast(failure("Unknown agent in callable agents: 4"))).toEqual({
      title: "Failed to create agent. Please check the console for details.",
      description: "Unknown agent in callable agents: 4",
    });
    expect(createFailureToast(failure())).toEqual({
      title: "Failed to create agent. Please check the console for details.",
    });
    expect(createFailureToast(new HttpError(500, null))).toEqual({
      title: "Failed to create agent. Please check the console for details.",
    });
    expect(createFailureToast(new TypeError("Failed to fetch"))).toEqual({
      title: "Failed to create agent. Please try again.",
    });
  });
  it("AGENT-40: a failed update reads Failed to update agent. plus the reason", () => {
    expect(updateFailureMessage(failure("Only organization admins can update agents"))).toBe(
      "Failed to update agent. Only organization admins can update agents",
    );
    expect(updateFailureMessage(failure())).toBe("Failed to update agent. Please try again.");
  });
});
