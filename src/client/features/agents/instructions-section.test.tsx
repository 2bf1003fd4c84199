// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { cleanup, render, screen } from "@testing-library/react";
import { newAgentValues } from "./agent-form-values";
import { InstructionsSection } from "./instructions-section";
import type { AgentFormState } from "./use-agent-form";

afterEach(cleanup);

const form = (): AgentFormState => ({
  values: { ...newAgentValues("openai:gpt-4.1"), systemPrompt: "Be brief." },
  errors: {},
  isValid: true,
  setField: () => {},
});

describe("agent instructions", () => {
  it("[AGENT-24] the system prompt box has 15 rows", () => {
    render(<InstructionsSection form={form()} />);
    const box = screen.getByLabelText("System Prompt");
    expect(box.tagName).toBe("TEXTAREA");
    expect(box.getAttribute("rows")).toBe("15");
    expect((box as HTMLTextAreaElement).value).toBe("Be brief.");
  });
});
