// Emails the app sent during the run, as the fake SMTP server wrote them to the inbox file.
import { readInbox, type ReceivedEmail } from "./fake-smtp";
import { expect } from "./fixtures";

/** The first email to `address` whose subject matches, once it has arrived. */
export async function emailTo(address: string, subject: RegExp): Promise<ReceivedEmail> {
  let found: ReceivedEmail | undefined;
  await expect
    .poll(
      () =>
        (found = readInbox(process.env.SB_E2E_SMTP_INBOX!).find(
          (m) => m.to.includes(address) && subject.test(m.subject),
        )),
      { message: `an email to ${address}` },
    )
    .toBeTruthy();
  return found!;
}
