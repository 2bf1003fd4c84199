// Conversations written the way chat writes them (rows, not the model), for the dashboard's fixtures.
import { randomUUID } from "node:crypto";
import { db } from "../db/client";
import { conversation, feedback, message } from "../db/tables";

export interface SeedMessage {
  role: "user" | "assistant";
  content?: string;
  attachments?: number;
  inputTokens?: number;
  outputTokens?: number;
  tools?: string[];
  /** The model the reply names (chat stores the agent's model key); none by default. */
  model?: string;
  at?: Date;
}

export async function seedConversation(opts: {
  orgId: string;
  userId: string;
  agentId: number;
  first?: string;
  parentId?: string;
  at?: Date;
  messages: SeedMessage[];
}) {
  const id = randomUUID();
  const at = opts.at ?? new Date();
  await db()
    .insert(conversation)
    .values({
      id,
      organizationId: opts.orgId,
      userId: opts.userId,
      agentId: opts.agentId,
      firstMessageText: opts.first ?? opts.messages[0]?.content ?? "",
      parentConversationId: opts.parentId ?? null,
      parentToolCallId: opts.parentId ? `call-${id.slice(0, 6)}` : null,
      createdAt: at,
      updatedAt: at,
    });
  for (const [i, m] of opts.messages.entries()) {
    await db()
      .insert(message)
      .values({
        id: randomUUID(),
        organizationId: opts.orgId,
        conversationId: id,
        role: m.role,
        content: m.content ?? "",
        attachments: Array.from({ length: m.attachments ?? 0 }, (_, n) => ({ name: `f${n}.txt` })),
        parts: (m.tools ?? []).map((toolName, n) => ({
          type: "tool-invocation",
          toolInvocation: { state: "result", toolCallId: `t${i}-${n}`, toolName, args: {}, result: {} },
        })),
        model: m.model ?? null,
        inputTokens: m.inputTokens ?? null,
        outputTokens: m.outputTokens ?? null,
        createdAt: m.at ?? new Date(at.getTime() + i * 1000),
      });
  }
  return id;
}

export async function seedFeedback(opts: {
  orgId: string;
  conversationId: string;
  userId: string;
  agentId: number;
  isHelpful: boolean;
  comment?: string;
}) {
  await db()
    .insert(feedback)
    .values({ ...opts, organizationId: opts.orgId, comment: opts.comment ?? null })
    .onConflictDoUpdate({
      target: [feedback.conversationId, feedback.userId],
      set: { isHelpful: opts.isHelpful, comment: opts.comment ?? null },
    });
}

/** RFC 4180 rows of a CSV text (quoted fields may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  return rows;
}
