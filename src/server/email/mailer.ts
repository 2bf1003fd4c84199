// Outgoing email over SMTP (SMTP_URL, from SMTP_FROM). Without SMTP there is no mailer: invitations
// are still created and admins share their links by hand (decision 024).
import type { Transporter } from "nodemailer";
import type { Config } from "../config";
import { log } from "../logger";

export interface EmailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface EmailMessage {
  to: string | string[];
  subject: string;
  /** Omitted: nodemailer sends the HTML alone. */
  text?: string;
  html: string;
  attachments?: EmailAttachment[];
}

export type Delivery = { ok: true } | { ok: false; error: string };

export interface Mailer {
  /** Sends the message; false (and a log line) when the SMTP server could not take it. */
  send(message: EmailMessage): Promise<boolean>;
  /** Sends the message and says why it failed (the SMTP server's answer), for callers that report it. */
  deliver(message: EmailMessage): Promise<Delivery>;
}

export function createMailer(smtp: Config["smtp"]): Mailer | null {
  if (!smtp) return null;
  // Short timeouts: a sign-up or an invitation waits for the send, and must not hang on a dead server.
  // nodemailer is loaded with the first email, not at start (issue 18: idle memory).
  let transport: Promise<Transporter> | null = null;
  const open = () =>
    (transport ??= import("nodemailer").then(({ createTransport }) =>
      createTransport(
        { url: smtp.url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
        { from: smtp.from },
      ),
    ));
  const deliver = async (message: EmailMessage): Promise<Delivery> => {
    try {
      await (await open()).sendMail({ ...message, subject: oneLine(message.subject) });
      return { ok: true };
    } catch (error) {
      // The SMTP URL may hold a password: log the failure, never the transport's settings.
      const reason = (error as Error).message;
      log.warn("email could not be sent", { subject: message.subject, error: reason });
      return { ok: false, error: reason };
    }
  };
  return { deliver, send: async (message) => (await deliver(message)).ok };
}

/** Organisation and user names end up in the subject: no line breaks in a header. */
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, " ").trim();
