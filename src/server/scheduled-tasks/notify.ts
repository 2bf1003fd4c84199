// Beyond the spec (decision 042): the task's creator gets an email when a run fails, and after every
// run when the task asks for it (`notifyOnCompletion`). Sent through the SMTP mailer of the sign-up
// emails; without SMTP nothing is sent. The email names the task and links to the run's conversation;
// it holds the error text but never the prompt's answer.
import { eq } from "drizzle-orm";
import { db } from "../db/client";
import { user, scheduledTask } from "../db/tables";
import { escapeHtml } from "../email/messages";
import type { EmailMessage } from "../email/mailer";
import type { RunDeps } from "./run-task";
import { SCHEDULED_TASKS_PAGE } from "../../shared/scheduled-tasks";

interface Outcome {
  status: "completed" | "failed";
  error: string | null;
  conversationId: string | null;
  durationMs: number;
  scheduledFor: Date;
}

export function runEmail(opts: { to: string; taskName: string; outcome: Outcome; publicUrl: string }): EmailMessage {
  const { outcome } = opts;
  const failed = outcome.status === "failed";
  const subject = failed ? `Scheduled task "${opts.taskName}" failed` : `Scheduled task "${opts.taskName}" completed`;
  const when = outcome.scheduledFor.toISOString();
  const link = outcome.conversationId
    ? `${opts.publicUrl}/chat/${outcome.conversationId}`
    : `${opts.publicUrl}${SCHEDULED_TASKS_PAGE}`;
  const lines = [
    failed
      ? `The run of your scheduled task "${opts.taskName}" scheduled for ${when} failed.`
      : `Your scheduled task "${opts.taskName}" ran (scheduled for ${when}).`,
    ...(failed && outcome.error ? [`Error: ${outcome.error}`] : []),
    `Duration: ${Math.round(outcome.durationMs / 1000)}s`,
    `${outcome.conversationId ? "Open the conversation" : "Open your scheduled tasks"}: ${link}`,
  ];
  return {
    to: opts.to,
    subject,
    text: lines.join("\n\n") + "\n",
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${lines
      .slice(0, -1)
      .map((l) => `<p>${escapeHtml(l)}</p>`)
      .join("")}<p><a href="${escapeHtml(link)}">${escapeHtml(
      outcome.conversationId ? "Open the conversation" : "Open your scheduled tasks",
    )}</a></p></body></html>`,
  };
}

export async function notifyCreator(opts: {
  task: typeof scheduledTask.$inferSelect;
  execution: Outcome;
  deps: RunDeps;
}): Promise<boolean> {
  const { mailer, publicUrl } = opts.deps;
  if (!mailer) return false;
  const [creator] = await db()
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, opts.task.createdBy))
    .limit(1);
  if (!creator) return false;
  return mailer.send(
    runEmail({ to: creator.email, taskName: opts.task.name, outcome: opts.execution, publicUrl: publicUrl ?? "" }),
  );
}
