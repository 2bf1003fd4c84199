// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { fetcher } from "@/client/lib/api";
import { FeedbackBlock } from "./feedback-block";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";

vi.mock("sonner", () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));
const { toast } = await import("sonner");

const fetchMock = mockFetch();
let stored: { exists: boolean; data?: { isHelpful: boolean } } = { exists: false };
let postStatus = 200;

beforeEach(() => {
  stored = { exists: false };
  postStatus = 200;
  fetchMock.mockImplementation(async (_url, init) =>
    init?.method === "POST" ? json(postStatus === 200 ? { ok: true } : { error: "no" }, postStatus) : json(stored),
  );
});
afterEach(() => {
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});

const renderBlock = () =>
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <FeedbackBlock orgId="org_1" conversationId="thread-1" agentId={4} />
    </SWRConfig>,
  );
const button = (name: "Yes" | "No") => screen.getByRole("button", { name }) as HTMLButtonElement;

describe("FeedbackBlock", () => {
  it("[CHAT-23] [CHAT-24] [CHAT-25] [CHAT-27] asks, records conversationId, agentId and isHelpful, then thanks with the answer's button disabled and highlighted", async () => {
    renderBlock();
    await screen.findByText("Was this conversation helpful?");
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/feedback?conversationId=thread-1&orgId=org_1");
    fireEvent.click(button("No"));
    await screen.findByText("Thanks for your feedback! You can change your answer.");
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(post[0]).toBe("/api/feedback?orgId=org_1");
    expect(JSON.parse(String(post[1]!.body))).toEqual({ conversationId: "thread-1", agentId: 4, isHelpful: false });
    expect(toast.success).toHaveBeenCalledWith("Feedback recorded and shared with your agent.");
    expect(button("No").disabled).toBe(true);
    expect(button("No").getAttribute("aria-pressed")).toBe("true");
    expect(button("Yes").disabled).toBe(false);
  });

  it("[CHAT-24] an earlier answer is shown as current", async () => {
    stored = { exists: true, data: { isHelpful: true } };
    renderBlock();
    await screen.findByText("Thanks for your feedback! You can change your answer.");
    expect(button("Yes").disabled).toBe(true);
    expect(button("No").disabled).toBe(false);
  });

  it("[CHAT-26] a failed submission toasts the retry message and changes nothing", async () => {
    postStatus = 500;
    renderBlock();
    await screen.findByText("Was this conversation helpful?");
    fireEvent.click(button("Yes"));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to submit feedback. Please try again."));
    expect(screen.getByText("Was this conversation helpful?")).toBeTruthy();
    expect(button("Yes").disabled).toBe(false);
  });
});
