// Stored messages in the shape the chat client (useChat of @ai-sdk/react@1) expects.
import type { MessageRow } from "./queries";

export interface UiMessage {
  id: string;
  role: string;
  content: string;
  parts: unknown[];
  createdAt: string;
  experimental_attachments?: unknown[];
  toolInvocations?: unknown[];
  annotations?: unknown[];
  status?: string;
  error?: string | null;
}

export function toUiMessage(m: MessageRow): UiMessage {
  const toolInvocations = (m.parts as Array<{ type: string; toolInvocation?: unknown }>)
    .filter((p) => p.type === "tool-invocation")
    .map((p) => p.toolInvocation);
  return {
    id: m.clientId ?? m.id,
    role: m.role,
    content: m.content,
    // Messages stored without parts (sub-conversation requests before issue 17 #2) still show their text.
    parts: m.parts.length || !m.content ? m.parts : [{ type: "text", text: m.content }],
    createdAt: m.createdAt.toISOString(),
    ...(m.attachments.length ? { experimental_attachments: m.attachments } : {}),
    ...(toolInvocations.length ? { toolInvocations } : {}),
    annotations: [
      ...(m.annotations ?? []),
      ...(m.role === "assistant"
        ? [
            {
              status: m.status,
              model: m.model,
              finishReason: m.finishReason,
              usage: { inputTokens: m.inputTokens, outputTokens: m.outputTokens },
            },
          ]
        : []),
    ],
    ...(m.status !== "complete" ? { status: m.status, error: m.error } : {}),
  };
}
