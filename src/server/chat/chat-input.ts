import { z } from "zod";
import { intId } from "../../shared/ids";

const attachment = z
  .object({
    name: z.string().optional(),
    contentType: z.string().optional(),
    url: z.string().optional(),
    key: z.string().optional(),
    contentKey: z.string().optional(),
    fileId: z.string().optional(),
    size: z.number().optional(),
  })
  .passthrough();

export const chatMessageInput = z
  .object({
    id: z.string().optional(),
    role: z.enum(["user", "assistant", "system", "data"]),
    content: z.string().default(""),
    parts: z.array(z.unknown()).optional(),
    experimental_attachments: z.array(attachment).optional(),
    attachments: z.array(attachment).optional(),
    annotations: z.array(z.unknown()).optional(),
    toolInvocations: z.array(z.unknown()).optional(),
  })
  .passthrough();

export const chatInput = z
  .object({
    agentId: intId("Please select an agent before starting a conversation."),
    threadId: z.string().nullable().optional(),
    timezone: z.string().optional(),
    id: z.string().optional(),
    messages: z.array(chatMessageInput).min(1, "messages must not be empty"),
    streamProtocol: z.enum(["data", "text"]).optional(),
    /** Edit and resend (decision 090): the id of the user message the new one replaces, with all after it. */
    replaceFrom: z.string().max(200).optional(),
  })
  .passthrough();
export type ChatInput = z.infer<typeof chatInput>;
