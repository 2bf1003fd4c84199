// @vitest-environment happy-dom
// Decisions 080 and 092: a tool neither the server operator nor the organisation configured is marked in the
// agent form's tool list, says who can fix it, and can still be switched on (its key may come later).
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { listToolMetadata } from "@/tools/registry";
import { NOT_CONFIGURED, NOT_CONFIGURED_HINT } from "./tool-availability";
import { ToolPicker } from "./tool-picker";

afterEach(cleanup);

const row = (name: string) => screen.getByText(name, { selector: "label" }).closest("li")!;

describe("the tool picker", () => {
  it("marks the tools the server has not configured, and only those, and they can still be switched on", () => {
    const onChange = vi.fn();
    render(
      <ToolPicker
        available={listToolMetadata({ enabledPrivateTools: [] })}
        tools={{}}
        env={{ connections: {}, externalAccounts: [], unconfiguredTools: ["search_google", "ask_web", "send_email"] }}
        onChange={onChange}
      />,
    );
    for (const name of ["Google Search", "Ask the Web", "Send Email"])
      expect(within(row(name)).getByText(NOT_CONFIGURED)).toBeTruthy();
    expect(
      within(row("Ask the Web")).getByText(
        "No Perplexity key yet: an admin can add one in Control Hub → Integrations, or the server operator can set one. Until then the tool answers an error.",
      ),
    ).toBeTruthy();
    expect(within(row("Google Search")).getByText(/^No Google Programmable Search key yet: an admin/)).toBeTruthy();
    // SMTP is the operator's alone.
    expect(within(row("Send Email")).getByText(NOT_CONFIGURED_HINT)).toBeTruthy();
    expect(screen.getAllByText(NOT_CONFIGURED)).toHaveLength(3);
    expect(within(row("Scrape URL")).queryByText(NOT_CONFIGURED)).toBeNull();

    fireEvent.click(within(row("Google Search")).getByRole("checkbox"));
    expect(onChange).toHaveBeenCalledWith({ search_google: true });
  });

  it("marks nothing when the server reports every tool configured", () => {
    render(
      <ToolPicker
        available={listToolMetadata({ enabledPrivateTools: [] })}
        tools={{}}
        env={{ connections: {}, externalAccounts: [], unconfiguredTools: [] }}
        onChange={() => {}}
      />,
    );
    expect(screen.queryByText(NOT_CONFIGURED)).toBeNull();
  });
});
