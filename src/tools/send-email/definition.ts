import { z } from "zod";
import { defineTool } from "../define-tool";
import { fileId, text } from "../schema-parts";

export const sendEmail = defineTool({
  name: "send_email",
  displayName: "Send Email",
  description: "Send an HTML email to one or more recipients, optionally attaching files from this workspace.",
  category: "Communication",
  statusLine: ({ ok, args }) => {
    const n = Array.isArray(args.to) ? args.to.length : 1;
    return ok ? `Email sent to ${n} recipient(s)` : `Failed to send email to ${n} recipient(s)`;
  },
  previewLength: 300,
  input: z.object({
    to: z
      .array(z.string().trim().email())
      .min(1, "At least one recipient is required")
      .describe("Recipient email addresses."),
    subject: text("Subject line."),
    html: text("Body of the email as HTML."),
    attachment_file_ids: z
      .array(fileId)
      .optional()
      .describe("Ids of uploaded or generated files to attach; omit for none."),
  }),
});
