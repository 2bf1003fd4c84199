// Generates one assistant reply: stores it as "streaming", streams the model (with the agent's tools,
// up to maxToolRoundtrips steps) into the stream hub as protocol lines, and stores the assembled
// message on finish, stop or failure. Top-level chats and call_agent sub-conversations both use it.
import type { ModelMessage } from "ai";
import { formatDataStreamPart } from "@ai-sdk/ui-utils";
import { db } from "../db/client";
import { message } from "../db/tables";
import { log } from "../logger";
import type { Agent } from "../../shared/agents/schema";
import { resolveModel, withModelGate } from "../ai/models";
import { buildAgentTools } from "./agent-tools";
import { MessageAssembler } from "./assemble";
import { encodePart, errorMessage, textLine } from "./protocol";
import { providerErrorText } from "../provider-api/provider-error";
import { renderInstructions } from "./system-prompt";
import { closeStream, openStream, push } from "./stream-hub";
import type { ToolContext } from "../../tools/executor.server";
import { callAgentDescription } from "./sub-agent";
import { openAgentMcp, unavailableNotice, type AgentMcp } from "../mcp/agent-mcp";
import { runSteps } from "./step-loop";
import type { ChatBeginRows } from "./begin-statement";
import { runReplyEnd, type EndRows } from "./end-statement";
import { mark } from "../perf/trace";

export interface ReplyContext {
  orgId: string;
  org: { id: string; name: string };
  user: { id: string; name: string; email: string };
  isAdmin?: boolean;
  agent: Agent;
  conversationId: string;
  depth: number;
  /** The user's IANA time zone from the chat request, when valid. */
  timeZone?: string;
  runSubAgent?: ToolContext["runSubAgent"];
}

export interface ReplyOutcome {
  status: "complete" | "aborted" | "error";
  text: string;
  error: string | null;
  /** The token counts stored on the reply's row (0 when its final row could not be written). */
  stored: { inputTokens: number; outputTokens: number };
  /** What `ReplyEnd`'s count gave, its rows written with the reply's end; null when they were not. */
  endCount: number | null;
}

/**
 * Rows a caller writes in the statement that ends the reply (a scheduled run's outcome, decision 109),
 * built once per key (end-statement.ts, decision 124), and their values given how the reply ended.
 */
export interface ReplyEnd extends EndRows {
  values: (o: {
    status: ReplyOutcome["status"];
    error: string | null;
    usage: { inputTokens: number; outputTokens: number };
  }) => Record<string, unknown>;
}

/**
 * What a chat stores before the model is called, in the same statement as the reply's rows (built once
 * per process, begin-statement.ts): its new thread's row, if any (behind a gate for a scheduled run), and
 * the user's message (inserted before the reply's placeholder, so it sorts first).
 */
export interface BeforeReply {
  chat: Omit<ChatBeginRows, "model">;
}

export async function startReply(
  ctx: ReplyContext,
  history: ModelMessage[],
  replyId: string,
  before?: BeforeReply,
  end?: ReplyEnd,
): Promise<{ done: Promise<ReplyOutcome> }> {
  const stream = openStream({ id: replyId, orgId: ctx.orgId, conversationId: ctx.conversationId });
  // A reply without a statement before the model (a sub-agent's): its "streaming" row, stored while the
  // model is asked.
  const replyRow = () =>
    db()
      .$with("reply")
      .as(
        db()
          .insert(message)
          .values({
            id: replyId,
            organizationId: ctx.orgId,
            conversationId: ctx.conversationId,
            role: "assistant",
            status: "streaming",
            model: ctx.agent.model,
            rollupDeferred: false,
          })
          .returning({ id: message.id }),
      );
  // The reply's rows ("streaming" message, resumable stream): written once, awaited before the final update.
  let rows: Promise<boolean> | undefined;
  const storeRows = () =>
    (rows ??= stream
      .store([replyRow()])
      .then(() => true)
      .catch((err: unknown) => {
        log.error("failed to store the reply's rows", { conversationId: ctx.conversationId, error: String(err) });
        return false;
      }));
  const assembler = new MessageAssembler();
  // The first step's start_step line, when the statement before the model stored it (decision 112).
  let firstStepStored = false;
  // The statement before the model, while the reply sets itself up (decision 112); its outcome.
  let begun: Promise<void> | undefined;
  let began: Promise<boolean> | undefined;
  if (before) {
    // A chat's user message is stored before the model is called, and its reply's rows with it: one
    // commit, and the first line never waits for a second one (decision 099). The first step's
    // start_step line goes in it too, so no insert of its own is in flight when the first token comes
    // (decision 112).
    const startStep = formatDataStreamPart("start_step", { messageId: replyId });
    mark?.("begin statement built");
    begun = stream.store({ ...before.chat, model: ctx.agent.model }, [startStep]).then(() => {
      rows = Promise.resolve(true);
      mark?.("begin statement committed");
    });
    began = begun.then(
      () => true,
      () => false,
    );
    assembler.applyLine(startStep);
    firstStepStored = true;
  }
  const emit = (line: string) => {
    if (!line) return;
    assembler.applyLine(line);
    push(replyId, line);
  };

  const done = (async (): Promise<ReplyOutcome> => {
    let status: ReplyOutcome["status"] = "complete";
    let error: string | null = null;
    let mcp: AgentMcp | undefined;
    try {
      const { model } = await resolveModel({ orgId: ctx.orgId, modelKey: ctx.agent.model });
      mark?.("model resolved (credentials)");
      const descriptions: Record<string, string> = ctx.agent.tools.call_agent
        ? { call_agent: await callAgentDescription(ctx.orgId, ctx.agent) }
        : {};
      const tools = buildAgentTools(
        ctx.agent,
        {
          orgId: ctx.orgId,
          org: ctx.org,
          user: ctx.user,
          isAdmin: ctx.isAdmin,
          agentId: ctx.agent.id,
          conversationId: ctx.conversationId,
          depth: ctx.depth,
          timeZone: ctx.timeZone,
          runSubAgent: ctx.runSubAgent,
        },
        descriptions,
      );
      mark?.("tools built");
      const opened = await openAgentMcp({ orgId: ctx.orgId, agent: ctx.agent, signal: stream.abort.signal });
      mcp = opened;
      mark?.("MCP opened");
      // The model's request is built meanwhile and sent once the statement before the model has committed.
      const steps = withModelGate(begun, () =>
        runSteps(
          {
            model,
            system:
              renderInstructions(ctx.agent.systemPrompt, { user: ctx.user, org: ctx.org }) +
              unavailableNotice(opened.unavailable),
            messages: history,
            tools: { ...tools, ...opened.tools },
            maxSteps: Math.max(1, ctx.agent.maxToolRoundtrips),
            abortSignal: stream.abort.signal,
            maxRetries: 1,
          },
          (part) => {
            if (part.type === "text-delta") {
              // Nearly every part of a reply: its line is built and applied without the generic encoder
              // and the line parser (decision 111).
              if (!part.text) return;
              mark?.("text part");
              assembler.applyText(part.text);
              // The first line's write: the step loop holds the model's next parts until it is stored (decision 140).
              return push(replyId, textLine(part.text));
            }
            if (part.type === "error") {
              // People read which provider failed and what to do; the SDK's detail goes to the log in one line
              // (not the SDK's dump, which may include a provider's response body).
              log.warn("chat: model stream failed", {
                conversation: ctx.conversationId,
                error: errorMessage(part.error),
              });
              error = providerErrorText(part.error, ctx.agent.model);
              status = "error";
              emit(formatDataStreamPart("error", error));
              return;
            }
            if (part.type === "start-step" && firstStepStored) {
              firstStepStored = false; // stored and applied with the statement before the model
              return;
            }
            if (part.type === "abort") status = "aborted";
            emit(encodePart(part, replyId));
          },
        ),
      );
      // A sub-agent's rows are written while the model is asked (its own awaits are microtasks; this
      // is a macrotask, after the call has been sent).
      if (!before) setImmediate(() => void storeRows());
      await steps;
    } catch (err) {
      if (stream.abort.signal.aborted) status = "aborted";
      else {
        status = "error";
        log.warn("chat: reply failed", { conversation: ctx.conversationId, error: errorMessage(err) });
        error = providerErrorText(err, ctx.agent.model);
        emit(formatDataStreamPart("error", error));
      }
    }
    // The statement before the model failed: startReply threw it, and nothing of the reply was stored.
    if (began && !(await began)) {
      await mcp?.close();
      return { status: "error", text: "", error: null, stored: { inputTokens: 0, outputTokens: 0 }, endCount: null };
    }
    if (stream.abort.signal.aborted && status === "complete") status = "aborted";
    const m = assembler.result();
    if (status !== "complete" && !m.finishReason) {
      emit(
        formatDataStreamPart("finish_message", {
          finishReason: status === "aborted" ? "other" : "error",
          usage: { promptTokens: m.usage.inputTokens, completionTokens: m.usage.outputTokens },
        }),
      );
    }
    const final = assembler.result();
    // The reply's final row and the conversation's activity go in the statement that marks the stream
    // ended: one commit at the end of a reply instead of three (issue 18), built once (decision 124).
    let finish: ((streamStatus: "done" | "error" | "aborted") => Promise<number | null>) | undefined;
    let stored = { inputTokens: 0, outputTokens: 0 };
    try {
      if (!(await storeRows())) throw new Error("the reply's row was not stored");
      const values = {
        orgId: ctx.orgId,
        replyId,
        conversationId: ctx.conversationId,
        content: final.content,
        parts: final.parts,
        status,
        error,
        finishReason: final.finishReason ?? null,
        inputTokens: final.usage.inputTokens,
        outputTokens: final.usage.outputTokens,
      };
      const extra = end && { rows: end, values: end.values({ status, error, usage: { ...final.usage } }) };
      finish = (streamStatus) => runReplyEnd({ ...values, streamStatus }, extra);
    } catch (err) {
      log.error("failed to store assistant message", { conversationId: ctx.conversationId, error: String(err) });
    }
    let ended: number | null = null;
    try {
      const closed = await closeStream(replyId, status === "complete" ? "done" : status, finish);
      if (closed.written) {
        stored = { ...final.usage };
        ended = end ? closed.count : null;
      }
    } finally {
      // After the stream ends so a busy stdio server's shutdown grace never delays the client.
      await mcp?.close();
    }
    if (final.finishReason && final.finishReason !== "stop")
      log.info("reply finished", { reason: final.finishReason, conversationId: ctx.conversationId });
    return { status, text: final.content, error, stored, endCount: ended };
  })();
  if (begun) {
    try {
      await begun;
    } catch (err) {
      // The set-up under way stops (its model request was never sent) and the reply is forgotten.
      stream.abort.abort();
      stream.discard();
      throw err;
    }
  }
  return { done };
}
