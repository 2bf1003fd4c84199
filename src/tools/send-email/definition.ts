import { z } from "zod";
import { defineTool, type ToolResultView } from "../define-tool";
import { fileId } from "../schema-parts";

/** send_email's bounds (chat §5 names none for email; these keep one call a normal email). */
export const EMAIL_BOUNDS = { maxRecipients: 50, maxSubject: 300, maxHtml: 200_000, maxAttachments: 10 } as const;

const recipients = (args: Record<string, unknown>) => (Array.isArray(args.to) ? args.to.length : 1);

export const sendEmail = defineTool({
  name: "send_email",
  displayName: "Send Email",
  description: "Send an HTML email to one or more recipients, optionally attaching files from this workspace.",
  category: "Communication",
  statusLine: ({ ok, args, result }) => {
    const n = recipients(args);
    if (ok) return `Email sent to ${n} recipient(s)`;
    // The user said Cancel to the draft (decision 061): nothing failed.
    if ((result as ToolResultView).cancelled === true) return `Email to ${n} recipient(s) not sent`;
    return `Failed to send email to ${n} recipient(s)`;
  },
  previewLength: 300,
  input: z.object({
    to: z
      .array(z.string().trim().email())
      .min(1, "At least one recipient is required")
      .max(EMAIL_BOUNDS.maxRecipients, `At most ${EMAIL_BOUNDS.maxRecipients} recipients`)
      .describe("Recipient email addresses."),
    subject: z.string().trim().min(1).max(EMAIL_BOUNDS.maxSubject).describe("Subject line."),
    html: z.string().trim().min(1).max(EMAIL_BOUNDS.maxHtml).describe("Body of the email as HTML."),
    attachment_file_ids: z
      .array(fileId)
      .max(EMAIL_BOUNDS.maxAttachments, `At most ${EMAIL_BOUNDS.maxAttachments} attachments`)
      .optional()
      .describe("Ids of uploaded files to attach; omit for none."),
  }),
});
