// The mailer agent tools send through (send_email): the process's SMTP_URL/SMTP_FROM, set once at start
// (decision 037). null means the operator configured no SMTP, which the tool reports to the model.
import type { Mailer } from "./mailer";

let current: Mailer | null | undefined;

export function setToolMailer(mailer: Mailer | null) {
  current = mailer;
}

export function toolMailer(): Mailer | null {
  if (current === undefined) throw new Error("The tool mailer is not set: call setToolMailer() at start-up");
  return current;
}
