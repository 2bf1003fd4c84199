import { z } from "zod";

/** TOOL-31: a sent email answers with a sentence, which counts the attachments when there are any. */
export const sendEmailResult = z.object({ content: z.string() });
export type SendEmailResult = z.infer<typeof sendEmailResult>;

export const emailSentContent = (recipients: number, attachments = 0) =>
  `Email sent to ${recipients} recipient(s)${attachments > 0 ? ` with ${attachments} attachment(s)` : ""}.`;
