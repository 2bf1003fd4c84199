// The conversation on screen: useChat (the spec's line protocol, maxSteps 20) plus what the product adds —
// the thread from X-Thread-ID, loading a stored thread, resuming a reply still being generated, and a
// Stop that reaches the server (replies are not tied to the request, decision 009).
import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { useChat } from "@ai-sdk/react";
import { callChatApi, generateId, type Attachment, type UIMessage } from "@ai-sdk/ui-utils";
import { toast } from "sonner";
import { fetchConversation } from "@/client/api/conversations";
import { authFetch } from "@/client/lib/api";
import { orgPath } from "@/client/lib/org-api";
import { chatFetch, currentTimezone, stopAwareFetch } from "./chat-fetch";

export const MAX_CHAT_STEPS = 20;

export type LoadState = "idle" | "loading" | "loaded" | "deleted" | "failed";

/** `/api/chat` for the organisation (POST sends, GET resumes, DELETE stops), like every other call. */
export const chatPath = (orgId: string, threadId?: string) =>
  orgPath(orgId, threadId ? `/api/chat?chatId=${encodeURIComponent(threadId)}` : "/api/chat");

/** How often a resumed reply's updates reach the screen. */
export const RESUME_RENDER_MS = 50;

export function useChatSession(opts: {
  orgId: string;
  onNewThread: (threadId: string) => void;
  onFinished: () => void;
}) {
  const [sessionId, setSessionId] = useState(() => generateId());
  const threadRef = useRef<string | null>(null);
  const [threadId, setThreadId] = useState<string | null>(null);
  /** The agent of the last send; a retry goes to the same one. */
  const agentRef = useRef<number | undefined>(undefined);
  const callbacks = useRef(opts);
  useLayoutEffect(() => {
    callbacks.current = opts;
  });
  const setThread = useCallback((id: string | null) => {
    threadRef.current = id;
    setThreadId(id);
  }, []);
  const [loadState, setLoadState] = useState<LoadState>("idle");
  const [storedAgentId, setStoredAgentId] = useState<number | null>(null);
  const [resuming, setResuming] = useState(false);
  const resumeAbort = useRef<AbortController | null>(null);

  /** A new thread from X-Thread-ID (STREAM-29): remember it and let the page follow it. */
  const takeThread = useCallback(
    (res: Response) => {
      const thread = res.headers.get("X-Thread-ID");
      if (thread && thread !== threadRef.current) {
        setThread(thread);
        callbacks.current.onNewThread(thread);
      }
    },
    [setThread],
  );
  /** Stopped before the response arrived: the reply it started is stopped now that its thread is known. */
  const stoppedEarly = useCallback(
    (res: Response) => {
      takeThread(res);
      const thread = threadRef.current;
      if (thread && res.ok)
        void authFetch(chatPath(callbacks.current.orgId, thread), { method: "DELETE" }).catch(() => {});
    },
    [takeThread],
  );
  const fetchForChat = useCallback<typeof fetch>(
    (input, init) => stopAwareFetch(chatFetch, stoppedEarly)(input, init),
    [stoppedEarly],
  );

  const chat = useChat({
    id: sessionId,
    api: chatPath(opts.orgId),
    maxSteps: MAX_CHAT_STEPS,
    fetch: fetchForChat,
    sendExtraMessageFields: true,
    // The server keeps the history; the body carries the new message (retries resend the last one).
    experimental_prepareRequestBody: ({ messages, requestBody }) => ({
      agentId: agentRef.current,
      threadId: threadRef.current,
      timezone: currentTimezone(),
      id: sessionId,
      messages: messages.slice(-1),
      // Edit and resend (decision 090): the stored message this one replaces, with all after it.
      ...((requestBody as { replaceFrom?: string } | undefined)?.replaceFrom
        ? { replaceFrom: (requestBody as { replaceFrom: string }).replaceFrom }
        : {}),
    }),
    onResponse: takeThread,
    onFinish: (_message, { finishReason }) => {
      // STREAM-20: a finish reason other than stop is only logged.
      if (finishReason !== "stop") console.info(`Chat finished with reason: ${finishReason}`);
      callbacks.current.onFinished();
    },
    onError: (error) => toast.error(error.message || "An error occurred while chatting"),
  });
  // Loading a thread starts a new useChat session (fresh status and error); its messages must go to
  // the new session's setMessages, which exists only after the re-render: always use the latest.
  const latestSetMessages = useRef(chat.setMessages);
  useLayoutEffect(() => {
    latestSetMessages.current = chat.setMessages;
  });
  const setMessages = useCallback((messages: UIMessage[]) => latestSetMessages.current(messages), []);

  /** Opening /chat (CHAT-13): a fresh chat, thread and input. */
  const reset = useCallback(() => {
    resumeAbort.current?.abort();
    setThread(null);
    setLoadState("idle");
    setStoredAgentId(null);
    setResuming(false);
    setSessionId(generateId());
  }, [setThread]);

  /** Resumes a reply still being generated (GET /api/chat?chatId=); 204 means it already ended. */
  const resume = useCallback(
    async (threadId: string, history: UIMessage[]) => {
      const abort = new AbortController();
      resumeAbort.current = abort;
      try {
        const res = await chatFetch(chatPath(callbacks.current.orgId, threadId), { signal: abort.signal });
        if (res.status === 204) return false;
        // Only a reply really running shows as processing: no flash of Stop on every opened thread.
        setResuming(true);
        // A resumed reply arrives as its stored lines at once, then live. Each update renders the whole
        // list synchronously, and while lines are buffered the reader never yields, so on a busy machine
        // hundreds of renders ran back to back with nothing painted until the reply ended (session 16):
        // the screen follows at most every RESUME_RENDER_MS, and the last state always lands.
        let latest: UIMessage | null = null;
        let timer: ReturnType<typeof setTimeout> | null = null;
        const flush = () => {
          timer = null;
          if (latest && !abort.signal.aborted) setMessages([...history, latest]); // not after a stop or another load
        };
        const show = (message: UIMessage) => {
          latest = message;
          timer ??= setTimeout(flush, RESUME_RENDER_MS);
        };
        await callChatApi({
          api: chatPath(callbacks.current.orgId),
          body: {},
          streamProtocol: "data",
          credentials: undefined,
          headers: undefined,
          abortController: () => abort,
          restoreMessagesOnFailure: () => {},
          onResponse: undefined,
          onUpdate: ({ message }) => show(message),
          onFinish: undefined,
          onToolCall: undefined,
          generateId,
          fetch: async () => res,
          lastMessage: undefined,
        });
        if (timer) clearTimeout(timer);
        flush();
        return true;
      } catch (err) {
        if (!abort.signal.aborted) toast.error((err as Error).message || "An error occurred while chatting");
        return true;
      } finally {
        if (resumeAbort.current === abort) setResuming(false);
      }
    },
    [setMessages],
  );

  /** Loads a stored thread (chat spec §7 getConversation) and resumes its reply if one is streaming. */
  const load = useCallback(
    async (threadId: string) => {
      if (threadRef.current === threadId) return; // our own new thread: already on screen
      resumeAbort.current?.abort();
      setThread(threadId);
      setSessionId(generateId());
      setLoadState("loading");
      const data = await fetchConversation(callbacks.current.orgId, threadId).catch(() => null);
      if (threadRef.current !== threadId) return;
      if (!data) {
        setLoadState("failed");
        toast.error("Failed to load conversation.");
        return;
      }
      if (data.isDeleted) {
        setLoadState("deleted");
        return;
      }
      setStoredAgentId(data.agentId);
      // Let the new session render before its messages are set.
      await new Promise((r) => setTimeout(r, 0));
      setMessages(data.messages);
      setLoadState("loaded");
      // The stored thread holds finished messages only; a reply still being generated is resumed (204
      // when there is none).
      if (await resume(threadId, data.messages)) return;
      // A reply that ended between the two requests was in neither: the thread ends with the user's
      // message, and the stream has gone. Its stored reply is read once more.
      if (data.messages.at(-1)?.role !== "user") return;
      const again = await fetchConversation(callbacks.current.orgId, threadId).catch(() => null);
      if (again && !again.isDeleted && threadRef.current === threadId) setMessages(again.messages);
    },
    [resume, setMessages, setThread],
  );

  /** Loads a thread again after a failed load (load() skips the thread it already shows). */
  const retryLoad = useCallback(
    (threadId: string) => {
      threadRef.current = null;
      return load(threadId);
    },
    [load],
  );

  /** Stop (INPUT-06): abort our request and tell the server, which keeps the partial reply. */
  const stop = useCallback(() => {
    chat.stop();
    resumeAbort.current?.abort();
    setResuming(false);
    const thread = threadRef.current;
    if (thread) void authFetch(chatPath(callbacks.current.orgId, thread), { method: "DELETE" }).catch(() => {});
  }, [chat]);

  const send = useCallback(
    (text: string, attachments: Attachment[], agentId: number) => {
      agentRef.current = agentId;
      return chat.append(
        { role: "user", content: text },
        attachments.length ? { experimental_attachments: attachments } : undefined,
      );
    },
    [chat],
  );

  /** Generates the last reply again (Retry on an interrupted reply); works on a loaded thread too. */
  const retry = useCallback(
    (agentId: number) => {
      agentRef.current = agentId;
      return chat.reload();
    },
    [chat],
  );

  /**
   * Edit and resend (decision 090): the edited message and everything after it leave the screen and the
   * thread; the new text (with the original's attachments) is sent in their place.
   */
  const edit = useCallback(
    (messageId: string, text: string, agentId: number) => {
      const index = chat.messages.findIndex((m) => m.id === messageId);
      if (index < 0) return Promise.resolve(null);
      const original = chat.messages[index]!;
      agentRef.current = agentId;
      chat.setMessages(chat.messages.slice(0, index));
      return chat.append(
        { role: "user", content: text },
        {
          body: { replaceFrom: messageId },
          ...(original.experimental_attachments?.length
            ? { experimental_attachments: original.experimental_attachments }
            : {}),
        },
      );
    },
    [chat],
  );

  const isProcessing = chat.status === "submitted" || chat.status === "streaming" || resuming;
  return {
    chat,
    send,
    retry,
    edit,
    stop,
    reset,
    load,
    retryLoad,
    loadState,
    storedAgentId,
    isProcessing,
    resuming,
    threadId,
  };
}
