// @vitest-environment happy-dom
// Tool-call cards (chat spec §1, §2 "Tool-call cards", §3 Tool invocation, §4 states, §8 render failure).
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ToolInvocation } from "@ai-sdk/ui-utils";
import { LongText } from "./long-text";
import { InChat } from "./test-helpers";
import { ToolCard } from "./tool-card";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";

const fetchMock = mockFetch();

afterEach(() => {
  vi.restoreAllMocks();
});

const card = (invocation: ToolInvocation, autoExpand?: boolean) =>
  render(
    <InChat>
      <ToolCard invocation={invocation} autoExpand={autoExpand} />
    </InChat>,
  );
const pill = () => document.querySelector<HTMLButtonElement>("[data-tool] > button")!;
const cardEl = () => document.querySelector<HTMLElement>("[data-tool]")!;

const searchArgs = { query: "switchboard pricing" };
const partial: ToolInvocation = {
  state: "partial-call",
  toolCallId: "c1",
  toolName: "search_google",
  args: { query: "switch" },
};
const calling: ToolInvocation = { state: "call", toolCallId: "c1", toolName: "search_google", args: searchArgs };
const done: ToolInvocation = {
  state: "result",
  toolCallId: "c1",
  toolName: "search_google",
  args: searchArgs,
  result: { status: "success", content: "Plans start at $10" },
};

describe("ToolCard", () => {
  it("[TOOLCARD-01] a tool call is a collapsible card with its status", async () => {
    card(done);
    expect(cardEl().getAttribute("data-state")).toBe("success");
    expect(pill().getAttribute("aria-expanded")).toBe("false");
    expect(pill().textContent).toContain("Google Search finished");
    expect(screen.queryByRole("region", { name: "Output" })).toBeNull();

    await userEvent.click(pill());
    expect(pill().getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("region", { name: "Output" })).toBeTruthy();
    await userEvent.click(pill());
    expect(pill().getAttribute("aria-expanded")).toBe("false");
    expect(screen.queryByRole("region", { name: "Output" })).toBeNull();
  });

  it("[TOOLCARD-02] expanded, the card shows only the call's arguments and its result", async () => {
    card({
      ...done,
      result: { status: "success", content: "Plans start at $10", internalTrace: "server-side step 3" },
    });
    await userEvent.click(pill());
    const sections = cardEl().querySelectorAll("section");
    expect([...sections].map((s) => s.getAttribute("aria-label"))).toEqual(["Configuration", "Output"]);
    expect(within(sections[0]!).getByTestId("long-text").textContent).toBe(JSON.stringify(searchArgs, null, 2));
    expect(within(sections[1]!).getByTestId("long-text").textContent).toBe("Plans start at $10");
    expect(cardEl().textContent).not.toContain("server-side step 3");
  });

  it("[STREAM-31] partial-call and call show a running card; result shows its arguments and result", async () => {
    const { rerender } = card(partial);
    const view = (inv: ToolInvocation) =>
      rerender(
        <InChat>
          <ToolCard invocation={inv} />
        </InChat>,
      );
    expect(cardEl().getAttribute("data-tool")).toBe("search_google");
    expect(cardEl().getAttribute("data-state")).toBe("running");
    expect(pill().textContent).toContain("Searching...");
    expect(pill().disabled).toBe(true); // nothing to show before a result

    view(calling);
    expect(cardEl().getAttribute("data-state")).toBe("running");
    expect(pill().disabled).toBe(true);

    view(done);
    expect(cardEl().getAttribute("data-state")).toBe("success");
    await userEvent.click(pill());
    expect(screen.getByRole("region", { name: "Configuration" }).textContent).toContain("switchboard pricing");
    expect(screen.getByRole("region", { name: "Output" }).textContent).toContain("Plans start at $10");
  });

  it("[TOOLCARD-06] with auto-expand enabled a card opens itself when its call completes; without it, it stays collapsed", () => {
    const { rerender } = card(calling, true);
    expect(pill().getAttribute("aria-expanded")).toBe("false");
    rerender(
      <InChat>
        <ToolCard invocation={done} autoExpand />
      </InChat>,
    );
    expect(pill().getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("region", { name: "Output" }).textContent).toContain("Plans start at $10");
    cleanup();

    const plain = card(calling);
    plain.rerender(
      <InChat>
        <ToolCard invocation={done} />
      </InChat>,
    );
    expect(pill().getAttribute("aria-expanded")).toBe("false");
  });

  it("[TOOLCARD-15] a scheduled task offers /control-hub/scheduled-tasks in a new tab", () => {
    card({
      state: "result",
      toolCallId: "s1",
      toolName: "schedule_task",
      args: { prompt: "digest", schedule: "daily" },
      result: { status: "success", content: "ok" },
    });
    const link = screen.getByRole("link", { name: /Open Scheduled Tasks/ });
    expect(link.getAttribute("href")).toBe("/control-hub/scheduled-tasks");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toContain("noopener");
    cleanup();
    // Only once the task is scheduled.
    card({ state: "call", toolCallId: "s1", toolName: "schedule_task", args: {} });
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("[TOOLCARD-25] a card that fails to render shows Error rendering tool {name}.", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const broken = { state: "call", toolCallId: "b1", toolName: "scrape_url" } as ToolInvocation;
    Object.defineProperty(broken, "args", {
      get() {
        throw new Error("bad args");
      },
    });
    card(broken);
    expect(screen.getByText("Error rendering tool scrape_url.")).toBeTruthy();
    expect(cardEl()).toBeNull();
  });

  it("[SUB-10] a call_agent result carries the sub-conversation (id, threadId, agentName, agentLogoUrl), whose messages load for its thread", async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url) === "/api/getConversation?threadId=sub-1&orgId=org_1"
        ? json({
            messages: [
              { id: "u1", role: "user", content: "ping", parts: [{ type: "text", text: "ping" }] },
              { id: "a1", role: "assistant", content: "pong", parts: [{ type: "text", text: "pong" }] },
            ],
            isDeleted: false,
            agentId: 2,
          })
        : json({ error: "unexpected" }, 404),
    );
    card({
      state: "result",
      toolCallId: "c9",
      toolName: "call_agent",
      args: { agentId: 2, message: "ping" },
      result: {
        status: "success",
        content: "pong",
        subConversation: {
          id: "sub-1",
          threadId: "sub-1",
          agentName: "Helper",
          agentLogoUrl: "https://logos.example/helper.png",
        },
      },
    });
    expect(pill().textContent).toContain("Response from Helper");
    await userEvent.click(screen.getByRole("button", { name: "View sub-conversation" }));
    const dialog = await screen.findByRole("dialog", { name: "Sub-conversation Details" });
    expect(await within(dialog).findByText("pong")).toBeTruthy();
    expect(within(dialog).getByText("ping")).toBeTruthy();
    expect(dialog.querySelector("img")?.getAttribute("src")).toBe("https://logos.example/helper.png");
  });
});

describe("LongText", () => {
  it("[TOOLCARD-09] the shared viewer renders markdown, JSON or plain text", () => {
    render(<LongText value={"## Findings\n\n- **fast** answer"} />);
    const md = screen.getByTestId("long-text");
    expect(md.querySelector("h2")?.textContent).toBe("Findings");
    expect(md.querySelector("strong")?.textContent).toBe("fast");
    cleanup();

    render(<LongText value={'{"rows":2,"ok":true}'} />);
    expect(screen.getByTestId("long-text").querySelector("pre")?.textContent).toBe('{\n  "rows": 2,\n  "ok": true\n}');
    cleanup();
    render(<LongText value={{ rows: [1, 2] }} />);
    expect(screen.getByTestId("long-text").querySelector("pre")?.textContent).toBe(
      JSON.stringify({ rows: [1, 2] }, null, 2),
    );
    cleanup();

    render(<LongText value="Just some words" />);
    const plain = screen.getByTestId("long-text");
    expect(plain.querySelector("pre")?.textContent).toBe("Just some words");
    expect(plain.querySelector("p, h2, strong")).toBeNull();
  });
});
