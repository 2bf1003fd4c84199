// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { UIMessage } from "@ai-sdk/ui-utils";
import { MessageList } from "./message-list";

vi.mock("sonner", () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));
afterEach(cleanup);

const agent = { name: "Atlas", logoUrl: null };
const text = (t: string): UIMessage["parts"] => [{ type: "text", text: t }];
const user = (id: string, t: string): UIMessage => ({ id, role: "user", content: t, parts: text(t) });
// As getConversation sends a stored reply: the status beside useChat's fields.
const reply = (id: string, t: string, status?: string) =>
  ({ id, role: "assistant", content: t, parts: text(t), ...(status ? { status } : {}) }) as UIMessage;
const replies = () => screen.getAllByRole("listitem").filter((li) => li.dataset.role === "assistant");

describe("an interrupted reply", () => {
  it("security #15: keeps its text and says This reply was interrupted. with Retry, which generates it again", async () => {
    const onRetryLast = vi.fn();
    render(
      <MessageList
        messages={[user("u1", "Tell me a story"), reply("a1", "Once upon a", "interrupted")]}
        agent={agent}
        isProcessing={false}
        onRetryLast={onRetryLast}
      />,
    );
    const [item] = replies();
    expect(within(item!).getByText("Once upon a")).toBeTruthy();
    expect(within(item!).getByRole("note").textContent).toContain("This reply was interrupted.");
    await userEvent.click(within(item!).getByRole("button", { name: "Retry" }));
    expect(onRetryLast).toHaveBeenCalledOnce();
  });

  it("security #15: a finished reply has no notice; only the last reply offers Retry, and not while a reply is running", () => {
    const onRetryLast = vi.fn();
    const messages = [
      user("u1", "one"),
      reply("a1", "cut", "interrupted"),
      user("u2", "two"),
      reply("a2", "fine"),
      user("u3", "three"),
      reply("a3", "cut again", "interrupted"),
    ];
    const { rerender } = render(
      <MessageList messages={messages} agent={agent} isProcessing={false} onRetryLast={onRetryLast} />,
    );
    const [first, finished, last] = replies();
    expect(within(first!).getByText("This reply was interrupted.")).toBeTruthy();
    expect(within(first!).queryByRole("button", { name: "Retry" })).toBeNull();
    expect(within(finished!).queryByText("This reply was interrupted.")).toBeNull();
    expect(within(last!).getByRole("button", { name: "Retry" })).toBeTruthy();

    rerender(<MessageList messages={messages} agent={agent} isProcessing onRetryLast={onRetryLast} />);
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
    expect(screen.getAllByText("This reply was interrupted.")).toHaveLength(2);
  });
});
