// @vitest-environment happy-dom
// The chat session against a fetch that answers like the server: the line protocol of decision 009.
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, renderHook, waitFor } from "@testing-library/react";
import { formatDataStreamPart } from "@ai-sdk/ui-utils";
import { MAX_CHAT_STEPS, useChatSession } from "./use-chat-session";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";

vi.mock("sonner", () => ({ toast: { error: vi.fn(), success: vi.fn(), warning: vi.fn() } }));
const { toast } = await import("sonner");

const fetchMock = mockFetch();
const usage = { promptTokens: 1, completionTokens: 1 };
const finishStep = (finishReason: "stop" | "tool-calls") => [
  formatDataStreamPart("finish_step", { finishReason, usage, isContinued: false }),
  formatDataStreamPart("finish_message", { finishReason, usage }),
];
/** A streamed reply: the lines, one chunk each, with a gate that holds the end until `release()`. */
function streamed(lines: string[], headers: Record<string, string> = {}, signal?: AbortSignal) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      // Like a real fetch body: an abort errors the stream.
      signal?.addEventListener("abort", () =>
        controller.error(new DOMException("The operation was aborted.", "AbortError")),
      );
      const enc = new TextEncoder();
      controller.enqueue(enc.encode(lines[0]!));
      await gate;
      for (const line of lines.slice(1)) controller.enqueue(enc.encode(line));
      controller.close();
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { "x-vercel-ai-data-stream": "v1", ...headers } }),
    release,
  };
}
const textReply = (text: string, headers?: Record<string, string>) =>
  streamed(
    [
      formatDataStreamPart("start_step", { messageId: "a1" }),
      formatDataStreamPart("text", text),
      ...finishStep("stop"),
    ],
    headers,
  );
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
const bodyOf = (i: number) => JSON.parse(String(posts()[i]![1]!.body)) as Record<string, unknown>;

afterEach(() => {
  vi.mocked(toast.error).mockClear();
});

const setup = () => {
  const onNewThread = vi.fn();
  const onFinished = vi.fn();
  const hook = renderHook(() => useChatSession({ orgId: "org_1", onNewThread, onFinished }));
  return { ...hook, onNewThread, onFinished };
};

describe("useChatSession", () => {
  it("[STREAM-23] [STREAM-24] [STREAM-29] [API-17] a send goes ready → submitted → streaming → ready, and the new thread comes from X-Thread-ID", async () => {
    const reply = textReply("Hello!", { "X-Thread-ID": "thread-1" });
    let answer!: (r: Response) => void;
    fetchMock.mockImplementationOnce(() => new Promise((r) => (answer = r)));
    const { result, onNewThread, onFinished } = setup();
    expect(result.current.chat.status).toBe("ready");

    act(() => void result.current.send("hi there", [], 7));
    await waitFor(() => expect(result.current.chat.status).toBe("submitted"));
    expect(result.current.isProcessing).toBe(true);
    act(() => answer(reply.response));
    await waitFor(() => expect(result.current.chat.status).toBe("streaming"));
    expect(onNewThread).toHaveBeenCalledExactlyOnceWith("thread-1");
    expect(result.current.threadId).toBe("thread-1");
    reply.release();
    await waitFor(() => expect(result.current.chat.status).toBe("ready"));
    expect(result.current.chat.messages.at(-1)?.content).toBe("Hello!");
    expect(onFinished).toHaveBeenCalledOnce();

    const [url, init] = posts()[0]!;
    expect(url).toBe("/api/chat?orgId=org_1");
    expect(new Headers(init!.headers).get("Authorization")).toBe("Bearer tok");
    const body = bodyOf(0);
    expect(body).toMatchObject({ agentId: 7, threadId: null, timezone: expect.any(String), id: expect.any(String) });
    expect(body.messages).toEqual([
      expect.objectContaining({ role: "user", content: "hi there", parts: [{ type: "text", text: "hi there" }] }),
    ]);
  });

  it("[STREAM-29] the next message of the thread names it", async () => {
    const first = textReply("One", { "X-Thread-ID": "thread-9" });
    first.release();
    const second = textReply("Two");
    second.release();
    fetchMock.mockResolvedValueOnce(first.response).mockResolvedValueOnce(second.response);
    const { result } = setup();
    await act(() => result.current.send("first", [], 1));
    await waitFor(() => expect(result.current.chat.status).toBe("ready"));
    await act(() => result.current.send("second", [], 1));
    await waitFor(() => expect(result.current.chat.messages).toHaveLength(4));
    expect(bodyOf(1)).toMatchObject({ threadId: "thread-9", agentId: 1 });
  });

  it("[STREAM-21] [STREAM-25] [CHAT-20] a failed response shows the server's words, moves to error, and toasts", async () => {
    fetchMock.mockResolvedValueOnce(json({ error: "Agent not found" }, 404));
    const { result } = setup();
    await act(() => result.current.send("hi", [], 1));
    await waitFor(() => expect(result.current.chat.status).toBe("error"));
    expect(result.current.chat.error?.message).toBe("Agent not found");
    expect(toast.error).toHaveBeenCalledWith("Agent not found");
  });

  it("[STREAM-21] a failed response without a body reads Failed to fetch the chat response.", async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 500 }));
    const { result } = setup();
    await act(() => result.current.send("hi", [], 1));
    await waitFor(() => expect(result.current.chat.error?.message).toBe("Failed to fetch the chat response."));
  });

  it("[STREAM-22] an empty response body fails with The response body is empty.", async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 200 }));
    const { result } = setup();
    await act(() => result.current.send("hi", [], 1));
    await waitFor(() => expect(result.current.chat.error?.message).toBe("The response body is empty."));
  });

  it("[STREAM-04] an error part in the stream fails the reply with its text, after the partial text", async () => {
    const reply = streamed([
      formatDataStreamPart("start_step", { messageId: "a1" }),
      formatDataStreamPart("text", "Partial "),
      formatDataStreamPart("error", "Provider exploded"),
    ]);
    reply.release();
    fetchMock.mockResolvedValueOnce(reply.response);
    const { result } = setup();
    await act(() => result.current.send("hi", [], 1));
    await waitFor(() => expect(result.current.chat.status).toBe("error"));
    expect(result.current.chat.error?.message).toBe("Provider exploded");
    expect(toast.error).toHaveBeenCalledWith("Provider exploded");
  });

  it("[STREAM-07] a tool result without a matching call fails the reply", async () => {
    const reply = streamed([
      formatDataStreamPart("start_step", { messageId: "a1" }),
      formatDataStreamPart("tool_result", { toolCallId: "nope", result: {} }),
      ...finishStep("stop"),
    ]);
    reply.release();
    fetchMock.mockResolvedValueOnce(reply.response);
    const { result } = setup();
    await act(() => result.current.send("hi", [], 1));
    await waitFor(() => expect(result.current.chat.status).toBe("error"));
    expect(result.current.chat.error?.message).toMatch(/tool/i);
  });

  it("[STREAM-27] [STREAM-28] [STREAM-20] after a step whose tool calls all have results the client resubmits, up to 20 steps", async () => {
    expect(MAX_CHAT_STEPS).toBe(20);
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const toolStep = streamed([
      formatDataStreamPart("start_step", { messageId: "a1" }),
      formatDataStreamPart("tool_call", { toolCallId: "c1", toolName: "lookup", args: { q: "x" } }),
      formatDataStreamPart("tool_result", { toolCallId: "c1", result: { status: "success", content: "42" } }),
      ...finishStep("tool-calls"),
    ]);
    toolStep.release();
    const answer = textReply("The answer is 42.");
    answer.release();
    fetchMock.mockResolvedValueOnce(toolStep.response).mockResolvedValueOnce(answer.response);
    const { result } = setup();
    await act(() => result.current.send("look it up", [], 3));
    await waitFor(() => expect(posts()).toHaveLength(2));
    await waitFor(() => expect(result.current.chat.status).toBe("ready"));
    // The resubmission carries the assistant message with the tool result.
    const resent = (bodyOf(1).messages as { role: string; parts: { type: string }[] }[])[0]!;
    expect(resent.role).toBe("assistant");
    expect(resent.parts.some((p) => p.type === "tool-invocation")).toBe(true);
    expect(result.current.chat.messages.at(-1)?.content).toContain("The answer is 42.");
    // A finish reason other than stop is only logged: no error, no toast.
    expect(info).toHaveBeenCalledWith("Chat finished with reason: tool-calls");
    expect(result.current.chat.error).toBeUndefined();
    expect(toast.error).not.toHaveBeenCalled();
    info.mockRestore();
  });

  it("[TOOLCARD-22] [STREAM-31] a streamed tool call goes partial-call → call → result, carrying toolName, toolCallId, args and result", async () => {
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    // One chunk per gate, so each state can be seen before the next arrives.
    const gates: (() => void)[] = [];
    const chunks = [
      [
        formatDataStreamPart("start_step", { messageId: "a1" }),
        formatDataStreamPart("tool_call_streaming_start", { toolCallId: "c1", toolName: "search_google" }),
      ],
      [formatDataStreamPart("tool_call_delta", { toolCallId: "c1", argsTextDelta: '{"query":"swi' })],
      [
        formatDataStreamPart("tool_call", {
          toolCallId: "c1",
          toolName: "search_google",
          args: { query: "switchboard" },
        }),
      ],
      [
        formatDataStreamPart("tool_result", { toolCallId: "c1", result: { status: "success", content: "3 results" } }),
        ...finishStep("tool-calls"),
      ],
    ];
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        const enc = new TextEncoder();
        for (const [i, lines] of chunks.entries()) {
          if (i > 0) await new Promise<void>((r) => gates.push(r));
          controller.enqueue(enc.encode(lines.join("")));
        }
        controller.close();
      },
    });
    const after = textReply("Found 3.");
    after.release();
    fetchMock
      .mockResolvedValueOnce(new Response(body, { headers: { "x-vercel-ai-data-stream": "v1" } }))
      .mockResolvedValueOnce(after.response);
    const { result } = setup();
    const invocation = () => result.current.chat.messages.at(-1)?.toolInvocations?.[0];
    const open = async (i: number) => {
      await waitFor(() => expect(gates).toHaveLength(i));
      act(() => gates[i - 1]!());
    };

    act(() => void result.current.send("find it", [], 1));
    await waitFor(() => expect(invocation()?.state).toBe("partial-call"));
    expect(invocation()).toMatchObject({ toolName: "search_google", toolCallId: "c1" });
    await open(1);
    await waitFor(() => expect(invocation()?.args).toEqual({ query: "swi" }));
    expect(invocation()?.state).toBe("partial-call");
    await open(2);
    await waitFor(() => expect(invocation()?.state).toBe("call"));
    expect(invocation()).toMatchObject({ toolName: "search_google", toolCallId: "c1", args: { query: "switchboard" } });
    await open(3);
    await waitFor(() => expect(result.current.chat.status).toBe("ready"));
    const done = result.current.chat.messages.find((m) => m.toolInvocations?.length)!.toolInvocations![0]!;
    expect(done).toMatchObject({
      state: "result",
      toolName: "search_google",
      toolCallId: "c1",
      args: { query: "switchboard" },
      result: { status: "success", content: "3 results" },
    });
    // The same invocation rides in the message's parts, as the cards read it.
    const part = result.current.chat.messages.flatMap((m) => m.parts).find((p) => p.type === "tool-invocation");
    expect(part).toMatchObject({ toolInvocation: { state: "result", toolCallId: "c1" } });
    info.mockRestore();
  });

  it("[MSG-22] a loaded message carries id, role, parts, content, createdAt, experimental_attachments, toolInvocations and annotations", async () => {
    const invocation = {
      state: "result",
      toolCallId: "c1",
      toolName: "search_google",
      args: { query: "x" },
      result: { status: "success", content: "y" },
    };
    const stored = {
      messages: [
        {
          id: "u1",
          role: "user",
          content: "see file",
          parts: [{ type: "text", text: "see file" }],
          createdAt: "2025-01-02T03:04:05.000Z",
          experimental_attachments: [
            { name: "a.pdf", contentType: "application/pdf", url: "", key: "org/o/uploads/1/a.pdf" },
          ],
          annotations: [],
        },
        {
          id: "a1",
          role: "assistant",
          content: "done",
          parts: [
            { type: "tool-invocation", toolInvocation: invocation },
            { type: "text", text: "done" },
          ],
          createdAt: "2025-01-02T03:04:06.000Z",
          toolInvocations: [invocation],
          annotations: [{ status: "complete", model: "openai:gpt-4.1" }],
        },
        {
          id: "s1",
          role: "system",
          content: "rules",
          parts: [{ type: "text", text: "rules" }],
          createdAt: "2025-01-02T03:04:04.000Z",
        },
      ],
      isDeleted: false,
      agentId: 3,
    };
    fetchMock.mockImplementation(async (url) =>
      String(url).startsWith("/api/getConversation") ? json(stored) : new Response(null, { status: 204 }),
    );
    const { result } = setup();
    // Loaded as the page does (the rest of load() runs outside act, as in a browser).
    let loading!: Promise<void>;
    act(() => void (loading = result.current.load("t-msg")));
    await loading;
    await waitFor(() =>
      expect(result.current.chat.messages.map((m) => m.role)).toEqual(["user", "assistant", "system"]),
    );
    const [user, assistant, system] = result.current.chat.messages;
    expect(user).toMatchObject({
      id: "u1",
      content: "see file",
      parts: [{ type: "text", text: "see file" }],
      experimental_attachments: [{ name: "a.pdf", key: "org/o/uploads/1/a.pdf" }],
      annotations: [],
    });
    expect(new Date(user!.createdAt!).toISOString()).toBe("2025-01-02T03:04:05.000Z");
    expect(assistant).toMatchObject({
      id: "a1",
      content: "done",
      toolInvocations: [invocation],
      annotations: [{ status: "complete" }],
    });
    expect(assistant!.parts).toEqual([
      { type: "tool-invocation", toolInvocation: invocation },
      { type: "text", text: "done" },
    ]);
    expect(system).toMatchObject({ id: "s1", role: "system" });
  });

  it("[STREAM-30] a reply that ends between loading the thread and resuming it is read again, not lost", async () => {
    const user = { id: "u1", role: "user", content: "go on", parts: [{ type: "text", text: "go on" }] };
    const reply = { id: "a1", role: "assistant", content: "All done.", parts: [{ type: "text", text: "All done." }] };
    // First read: the reply was still streaming (not stored as finished); by the resume it had ended (204).
    const reads = [[user], [user, reply]];
    fetchMock.mockImplementation(async (url) =>
      String(url).startsWith("/api/getConversation")
        ? json({ messages: reads.shift(), isDeleted: false, agentId: 1 })
        : new Response(null, { status: 204 }),
    );
    const { result } = setup();
    let loading!: Promise<void>;
    act(() => void (loading = result.current.load("t-race")));
    await loading;
    await waitFor(() => expect(result.current.chat.messages.map((m) => m.content)).toEqual(["go on", "All done."]));
    expect(reads).toHaveLength(0);
  });

  it("[STREAM-30] a thread whose last message is a reply is not read twice when nothing is streaming", async () => {
    const stored = {
      messages: [
        { id: "u1", role: "user", content: "hi", parts: [{ type: "text", text: "hi" }] },
        { id: "a1", role: "assistant", content: "Hello", parts: [{ type: "text", text: "Hello" }] },
      ],
      isDeleted: false,
      agentId: 1,
    };
    fetchMock.mockImplementation(async (url) =>
      String(url).startsWith("/api/getConversation") ? json(stored) : new Response(null, { status: 204 }),
    );
    const { result } = setup();
    let loading!: Promise<void>;
    act(() => void (loading = result.current.load("t-done")));
    await loading;
    const loads = fetchMock.mock.calls.filter(
      ([url]) => String(url).includes("t-done") && String(url).startsWith("/api/getConversation"),
    );
    expect(loads).toHaveLength(1);
  });

  it("[INPUT-06] [STREAM-26] Stop aborts silently and tells the server to stop the thread's reply", async () => {
    fetchMock.mockImplementation(async (_url, init) => {
      if (init?.method === "DELETE") return json({ ok: true });
      const lines = [
        formatDataStreamPart("start_step", { messageId: "a1" }),
        formatDataStreamPart("text", "Partial"),
        ...finishStep("stop"),
      ];
      return streamed(lines, { "X-Thread-ID": "thread-s" }, init?.signal ?? undefined).response;
    });
    const { result } = setup();
    act(() => void result.current.send("go", [], 1));
    await waitFor(() => expect(result.current.chat.status).toBe("streaming"));
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.chat.status).toBe("ready"));
    expect(result.current.chat.error).toBeUndefined();
    expect(toast.error).not.toHaveBeenCalled();
    const del = fetchMock.mock.calls.find(([, init]) => init?.method === "DELETE");
    expect(del?.[0]).toBe("/api/chat?chatId=thread-s&orgId=org_1");
  });

  it("[INPUT-06] [STREAM-26] [STREAM-29] Stop before the response arrives still stops the reply the server started, in its new thread", async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockImplementation(async (_url, init) => {
      if (init?.method === "DELETE") return json({ ok: true });
      return new Promise<Response>((r) => (answer = r));
    });
    const { result, onNewThread } = setup();
    act(() => void result.current.send("go", [], 1));
    await waitFor(() => expect(result.current.chat.status).toBe("submitted"));
    act(() => result.current.stop());
    await waitFor(() => expect(result.current.chat.status).toBe("ready"));
    expect(result.current.chat.error).toBeUndefined();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "DELETE")).toBe(false);

    const late = textReply("Too late", { "X-Thread-ID": "thread-late" });
    act(() => answer(late.response));
    await waitFor(() =>
      expect(fetchMock.mock.calls.find(([, init]) => init?.method === "DELETE")?.[0]).toBe(
        "/api/chat?chatId=thread-late&orgId=org_1",
      ),
    );
    expect(onNewThread).toHaveBeenCalledWith("thread-late");
    expect(result.current.threadId).toBe("thread-late");
    // The stopped request's text never reaches the screen.
    expect(result.current.chat.messages.map((m) => m.role)).toEqual(["user"]);
  });

  it("[STREAM-30] opening a thread loads it and resumes a reply that is still streaming", async () => {
    const stored = {
      messages: [
        {
          id: "u1",
          role: "user",
          content: "hello",
          parts: [{ type: "text", text: "hello" }],
          createdAt: new Date().toISOString(),
        },
      ],
      isDeleted: false,
      agentId: 5,
    };
    const live = textReply("Resumed text");
    fetchMock.mockImplementation(async (url) => {
      if (String(url).startsWith("/api/getConversation")) return json(stored);
      if (String(url) === "/api/chat?chatId=t1&orgId=org_1") return live.response;
      if (String(url) === "/api/chat?chatId=t2&orgId=org_1") return new Response(null, { status: 204 });
      throw new Error(`unexpected ${String(url)}`);
    });
    const { result } = setup();
    let loading!: Promise<void>;
    act(() => void (loading = result.current.load("t1")));
    await waitFor(() => expect(result.current.isProcessing).toBe(true));
    expect(result.current.resuming).toBe(true);
    expect(result.current.loadState).toBe("loaded");
    expect(result.current.storedAgentId).toBe(5);
    live.release();
    await act(() => loading);
    await waitFor(() => expect(result.current.chat.messages.map((m) => m.content)).toEqual(["hello", "Resumed text"]));
    expect(result.current.isProcessing).toBe(false);

    // Nothing streaming (204): the thread opens ready, never processing.
    stored.messages = [];
    await act(() => result.current.load("t2"));
    expect(result.current.loadState).toBe("loaded");
    expect(result.current.resuming).toBe(false);
    expect(result.current.isProcessing).toBe(false);
  });

  it("[STREAM-30] a resumed reply's stored lines, arriving at once, reach the screen in a few renders and whole", async () => {
    const stored = {
      messages: [{ id: "u1", role: "user", content: "go", parts: [{ type: "text", text: "go" }] }],
      isDeleted: false,
      agentId: 5,
    };
    // What the server replays on a resume: every stored line in one read, then the live end.
    const words = Array.from({ length: 300 }, (_, i) => `w${i} `);
    const replay = streamed([
      formatDataStreamPart("start_step", { messageId: "a1" }) +
        words.map((w) => formatDataStreamPart("text", w)).join(""),
      ...finishStep("stop"),
    ]);
    fetchMock.mockImplementation(async (url) =>
      String(url).startsWith("/api/getConversation") ? json(stored) : replay.response,
    );
    let renders = 0;
    const { result } = renderHook(() => {
      renders++;
      return useChatSession({ orgId: "org_1", onNewThread: vi.fn(), onFinished: vi.fn() });
    });
    let loading!: Promise<void>;
    act(() => void (loading = result.current.load("t-replay")));
    await waitFor(() => expect(result.current.chat.messages.at(-1)?.content).toBe(words.join("")));
    const afterReplay = renders;
    replay.release();
    await act(() => loading);
    expect(result.current.chat.messages.map((m) => m.content)).toEqual(["go", words.join("")]);
    // One render per line would be 300 or more.
    expect(afterReplay).toBeLessThan(30);
  });

  it("security #15: Retry on a loaded thread's interrupted reply resends its last message to the thread, and the new reply takes its place", async () => {
    const stored = {
      messages: [
        {
          id: "u1",
          role: "user",
          content: "tell me",
          parts: [{ type: "text", text: "tell me" }],
          createdAt: new Date().toISOString(),
        },
        {
          id: "a1",
          role: "assistant",
          content: "Half",
          parts: [{ type: "text", text: "Half" }],
          createdAt: new Date().toISOString(),
          status: "interrupted",
          error: "x",
        },
      ],
      isDeleted: false,
      agentId: 4,
    };
    const again = textReply("The whole answer");
    again.release();
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url).startsWith("/api/getConversation")) return json(stored);
      if (init?.method === "POST") return again.response;
      return new Response(null, { status: 204 });
    });
    const { result } = setup();
    let loading!: Promise<void>;
    act(() => void (loading = result.current.load("t-cut")));
    await loading;
    await waitFor(() =>
      expect(result.current.chat.messages.at(-1)).toMatchObject({ content: "Half", status: "interrupted" }),
    );
    await act(() => result.current.retry(4));
    await waitFor(() =>
      expect(result.current.chat.messages.map((m) => m.content)).toEqual(["tell me", "The whole answer"]),
    );
    expect(bodyOf(0)).toMatchObject({
      agentId: 4,
      threadId: "t-cut",
      messages: [expect.objectContaining({ id: "u1", role: "user", content: "tell me" })],
    });
  });

  it("[CHAT-18] [CONV-19] a deleted conversation is reported; a failed load toasts Failed to load conversation.", async () => {
    fetchMock.mockResolvedValueOnce(json({ messages: [], isDeleted: true, agentId: null }));
    const { result } = setup();
    await act(() => result.current.load("gone"));
    expect(result.current.loadState).toBe("deleted");

    fetchMock.mockResolvedValueOnce(json({ error: "Not found" }, 404));
    await act(() => result.current.load("missing"));
    expect(result.current.loadState).toBe("failed");
    expect(toast.error).toHaveBeenCalledWith("Failed to load conversation.");

    // Try again loads the same thread once more.
    fetchMock.mockImplementation(async (url) =>
      String(url).startsWith("/api/getConversation")
        ? json({ messages: [], isDeleted: false, agentId: 2 })
        : new Response(null, { status: 204 }),
    );
    await act(() => result.current.retryLoad("missing"));
    expect(result.current.loadState).toBe("loaded");
    expect(result.current.storedAgentId).toBe(2);
  });
});
