// /chat and /chat/:threadId (chat spec §2 "Chat screen"). One route element for both, so a new thread's
// URL change (X-Thread-ID) keeps the reply streaming on screen.
import { useEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import { toast } from "sonner";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Spinner } from "@/client/components/ui/spinner";
import { useAgents } from "@/client/api/agents";
import { refreshConversations } from "@/client/api/conversations";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { agentFromParam, defaultChatAgent } from "./agent-choice";
import { AgentPicker, SelectedAgent } from "./agent-picker";
import { ChatHeader } from "./chat-header";
import { ErrorBox, TypingIndicator } from "./chat-extras";
import { showFeedback, showTypingIndicator } from "./chat-status";
import { FeedbackBlock } from "./feedback-block";
import { ChatInput } from "./input/chat-input";
import { useAttachments } from "./input/use-attachments";
import { NoAgents } from "./no-agents";
import { useChatSession } from "./use-chat-session";
import { DeletedConversation } from "./deleted-conversation";
import { LoadFailed } from "./load-failed";
import { useMessageList } from "./use-message-list";
import { useFollowBottom } from "./use-follow-bottom";

export const SELECT_AGENT_FIRST = "Please select an agent before starting a conversation.";

export function ChatPage() {
  const { threadId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const { org } = useActiveOrg();
  const { data: agents, isLoading: agentsLoading } = useAgents(org.id);
  // The user's pick; until they pick, the agent follows the rules below.
  const [chosenId, setChosenId] = useState<number | undefined>();
  const [input, setInput] = useState("");
  const files = useAttachments(org.id);
  const MessageList = useMessageList();
  const session = useChatSession({
    orgId: org.id,
    onNewThread: (thread) => {
      // STREAM-30: the new thread gets its URL and the sidebar list refreshes.
      navigate(`/chat/${thread}`, { replace: true });
      void refreshConversations(org.id);
    },
    onFinished: () => void refreshConversations(org.id),
  });
  const { chat, load, reset } = session;
  // A stored thread's own agent; else ?agent= (CHAT-01); else the default rule (CHAT-14).
  const derivedId = !agents
    ? undefined
    : threadId
      ? (session.storedAgentId ?? undefined)
      : (agentFromParam(agents, searchParams.get("agent")) ?? defaultChatAgent(agents, org.settings.defaultAgentId))
          ?.id;
  const selectedId = chosenId ?? derivedId;
  useDocumentTitle(threadId ? "Chat" : "New Chat");

  /** Set when we change the URL ourselves (dropping q): that navigation must not reset the chat. */
  const keepChat = useRef(false);
  // CHAT-13: opening /chat resets chat, thread and input; /chat/{id} loads that thread. Runs per
  // navigation: resetting state here is the point, not a cascade.
  useEffect(() => {
    if (keepChat.current) {
      keepChat.current = false;
      return;
    }
    if (threadId) {
      void load(threadId);
      return;
    }
    reset();
    files.clear();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- see above: a navigation resets the chat
    setChosenId(undefined);
    const q = searchParams.get("q");
    setInput(q ?? "");
    if (q !== null) {
      // CHAT-02: q prefills the input and then leaves the URL.
      const next = new URLSearchParams(searchParams);
      next.delete("q");
      keepChat.current = true;
      setSearchParams(next, { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs per navigation (location.key), not per render
  }, [threadId, location.key]);

  const agent = useMemo(() => agents?.find((a) => a.id === selectedId), [agents, selectedId]);
  const messages = chat.messages;

  useFollowBottom(messages.length > 0);

  const send = (text = input) => {
    if (!agent) {
      toast.error(SELECT_AGENT_FIRST);
      return;
    }
    setChosenId(agent.id); // the conversation keeps its agent when its URL changes
    void session.send(text, files.attachments, agent.id);
    setInput("");
    files.clear();
  };

  if (agentsLoading && !agents) return <CenteredSpinner />;
  if (session.loadState === "deleted") return <DeletedConversation />;
  if (agents && agents.length === 0 && !threadId) return <NoAgents />;
  if (session.loadState === "loading") return <CenteredSpinner />;
  if (session.loadState === "failed" && threadId)
    return <LoadFailed onRetry={() => void session.retryLoad(threadId)} />;

  const empty = messages.length === 0 && !threadId;
  const footer = (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-3 px-4 pb-4">
      {/* A resumed reply streams outside useChat's status: it counts as streaming. */}
      {showTypingIndicator(session.resuming ? "streaming" : chat.status, messages) && <TypingIndicator />}
      {chat.error && (
        <ErrorBox
          message={chat.error.message || "An error occurred while chatting"}
          onRetry={() => void chat.reload()}
        />
      )}
      {session.threadId && agent && showFeedback(messages.length, session.isProcessing) && (
        <FeedbackBlock orgId={org.id} conversationId={session.threadId} agentId={agent.id} />
      )}
    </div>
  );

  return (
    <div className="-m-4 flex min-h-full flex-1 flex-col md:-m-6">
      {!empty && <ChatHeader agent={agent} />}
      {empty ? (
        <div className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center gap-6 px-4 py-8">
          {agent && <SelectedAgent agent={agent} disabled={session.isProcessing} onStarter={(s) => send(s)} />}
          {agents && <AgentPicker agents={agents} selectedId={selectedId} onSelect={(a) => setChosenId(a.id)} />}
        </div>
      ) : !MessageList ? (
        <CenteredSpinner />
      ) : (
        // The module's own export, the same component on every render (see use-message-list.ts).
        // eslint-disable-next-line react-hooks/static-components
        <MessageList
          messages={messages}
          agent={agent}
          isProcessing={session.isProcessing}
          footer={footer}
          onRetryLast={agent ? () => void session.retry(agent.id) : undefined}
          onEdit={agent ? (id, text) => void session.edit(id, text, agent.id) : undefined}
        />
      )}
      <div className="sticky bottom-0 z-10 bg-gradient-to-t from-background via-background to-background/0 px-4 pt-2 pb-4">
        <ChatInput
          value={input}
          onChange={setInput}
          onSend={() => send()}
          onStop={session.stop}
          agentName={agent?.name}
          processing={session.isProcessing}
          loading={agentsLoading}
          files={files}
        />
      </div>
    </div>
  );
}

function CenteredSpinner() {
  return (
    <div className="flex flex-1 items-center justify-center">
      <Spinner />
    </div>
  );
}
