import { Hono } from "hono";
import type { AppEnv } from "../env";
import { requireOrg } from "../auth/context";
import { AppError } from "../errors";
import { parseJson } from "../http/parse";
import { getConversationRow } from "../conversations/queries";
import { canReadConversation, getOwnConversation } from "../conversations/access";
import { chatInput } from "./chat-input";
import { startChat } from "./start-chat";
import { requestStop, subscribe } from "./stream-hub";
import { latestActiveStream } from "./stream-queries";
import { toTextOnly } from "./text-stream";
import { streamToNode } from "./node-stream";
import { mark } from "../perf/trace";

const STREAM_HEADERS = {
  "Content-Type": "text/plain; charset=utf-8",
  "X-Vercel-AI-Data-Stream": "v1",
  "Cache-Control": "no-cache",
  // Written directly to the socket (node-stream.ts), so the secure-headers middleware never sees it.
  "X-Content-Type-Options": "nosniff",
};

/**
 * The reply's lines as the response: straight to the Node socket when this process owns the reply,
 * otherwise (another replica, app.request in tests, the plain-text mode) through a web stream.
 */
function replyResponse(
  env: unknown,
  replyId: string,
  orgId: string,
  headers: Record<string, string>,
  textOnly: boolean,
): Response {
  const direct = textOnly ? null : streamToNode(env, replyId, headers);
  if (direct) return direct;
  const body = subscribe(replyId, orgId);
  return new Response(textOnly ? toTextOnly(body) : body, { headers });
}

export const chatRoutes = new Hono<AppEnv>()
  .post("/chat", requireOrg, async (c) => {
    mark?.("auth (session, membership)");
    const input = await parseJson(c, chatInput);
    mark?.("body parsed + zod");
    const started = await startChat(input, { user: c.var.user, org: c.var.org, isAdmin: c.var.isAdmin });
    // The reply goes on if the client disconnects, so a refreshed page can resume it.
    void started.done;
    mark?.("startChat returned");
    const headers: Record<string, string> = { ...STREAM_HEADERS };
    if (started.isNew) headers["X-Thread-ID"] = started.conversationId;
    return replyResponse(c.env, started.replyId, c.var.org.id, headers, input.streamProtocol === "text");
  })
  // Resumes the reply still being generated in a conversation (204 when there is none).
  .get("/chat", requireOrg, async (c) => {
    const row = await getConversationRow({ orgId: c.var.org.id, id: c.req.query("chatId") ?? "" });
    if (!row || !(await canReadConversation(c, row))) throw new AppError("not_found", "Conversation not found");
    const active = await latestActiveStream({ orgId: c.var.org.id, conversationId: row.id });
    if (!active) return c.body(null, 204);
    return replyResponse(c.env, active.id, c.var.org.id, STREAM_HEADERS, c.req.query("protocol") === "text");
  })
  // Stops the reply being generated (the Stop button); the partial reply is kept.
  .delete("/chat", requireOrg, async (c) => {
    const row = await getOwnConversation({
      orgId: c.var.org.id,
      id: c.req.query("chatId") ?? "",
      userId: c.var.user.id,
    });
    const active = await latestActiveStream({ orgId: c.var.org.id, conversationId: row.id });
    if (active) await requestStop({ orgId: c.var.org.id, id: active.id });
    return c.json({ success: true, stopped: !!active });
  });
