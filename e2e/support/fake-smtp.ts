// A real SMTP server on loopback (the smtp-server package) that keeps what it receives, for the API
// tests and the e2e run. It asks for a user name and password, so the app's SMTP_URL is used as an
// operator would write it. Run as a script (e2e), it serves E2E_FAKE_SMTP_PORT and appends what it
// receives to the FAKE_SMTP_INBOX file, which the specs read with readInbox().
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export const FAKE_SMTP_USER = "switchboard";
export const FAKE_SMTP_PASSWORD = "smtp-test-password";

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  /** The attachment's bytes, base64 (so the e2e inbox file can carry them as JSON). */
  base64: string;
}

export interface ReceivedEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: ReceivedAttachment[];
  raw: string;
}

export interface FakeSmtp {
  port: number;
  /** The SMTP_URL that reaches this server. */
  url: string;
  messages: ReceivedEmail[];
  /** The first message to `address` whose subject matches, once it has arrived. */
  waitFor(address: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedEmail>;
  close(): Promise<void>;
}

export async function startFakeSmtp(port = 0): Promise<FakeSmtp> {
  const messages: ReceivedEmail[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS to trip over a self-signed certificate.
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === FAKE_SMTP_USER && auth.password === FAKE_SMTP_PASSWORD)
        return callback(null, { user: auth.username });
      callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          ...parseMessage(raw),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://${FAKE_SMTP_USER}:${FAKE_SMTP_PASSWORD}@127.0.0.1:${actual}`,
    messages,
    async waitFor(address, subject, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find(
          (m) => m.to.includes(address.toLowerCase()) && (!subject || subject.test(m.subject)),
        );
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no email to ${address}${subject ? ` matching ${subject}` : ""} arrived`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Subject, the text and HTML parts and the attachments of a MIME message as nodemailer writes it. */
function parseMessage(raw: string): { subject: string; text: string; html: string; attachments: ReceivedAttachment[] } {
  const [head = ""] = raw.split(/\r?\n\r?\n/);
  const out = { text: "", html: "", attachments: [] as ReceivedAttachment[] };
  collectParts(raw, out);
  return { subject: decodeWords(unfold(head).subject ?? ""), ...out };
}

/** Walks nested multiparts (mixed → alternative → …): text and HTML bodies, and parts sent as attachments. */
function collectParts(entity: string, out: { text: string; html: string; attachments: ReceivedAttachment[] }) {
  const [head = "", ...rest] = entity.split(/\r?\n\r?\n/);
  const h = unfold(head);
  const body = rest.join("\r\n\r\n");
  const contentType = h["content-type"] ?? "text/plain";
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  const boundary = contentType.match(/boundary="?([^";]+)"?/)?.[1];
  if (type.startsWith("multipart/") && boundary) {
    for (const section of body.split(`--${boundary}`).slice(1, -1)) collectParts(section.replace(/^\r?\n/, ""), out);
    return;
  }
  const disposition = h["content-disposition"] ?? "";
  if (/^attachment/i.test(disposition)) {
    const filename = decodeWords(disposition.match(/filename="?([^";]+)"?/)?.[1] ?? "");
    const bytes =
      (h["content-transfer-encoding"] ?? "").toLowerCase() === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64")
        : Buffer.from(decode(body, h["content-transfer-encoding"]), "utf8");
    out.attachments.push({ filename, contentType: type, base64: bytes.toString("base64") });
    return;
  }
  if (type === "text/html") out.html = decode(body, h["content-transfer-encoding"]);
  else if (type === "text/plain") out.text = decode(body, h["content-transfer-encoding"]);
}

function unfold(head: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  return out;
}

function decode(body: string, encoding = "7bit"): string {
  const e = encoding.toLowerCase();
  if (e === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (e === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (__, h: string) => String.fromCharCode(parseInt(h, 16))),
            "latin1",
          ).toString("utf8"),
    );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fake = await startFakeSmtp(Number(process.env.E2E_FAKE_SMTP_PORT ?? 0));
  // The e2e tests run in other processes: each message is appended to a JSON-lines inbox file.
  const inbox = process.env.FAKE_SMTP_INBOX;
  if (inbox) {
    const push = fake.messages.push.bind(fake.messages);
    fake.messages.push = (...items) => {
      for (const m of items) appendFileSync(inbox, JSON.stringify(m) + "\n");
      return push(...items);
    };
  }
  console.log(`fake SMTP listening on ${fake.port}`);
}

/** The messages the script-mode server has written to its inbox file (e2e). */
export function readInbox(inbox: string): ReceivedEmail[] {
  if (!existsSync(inbox)) return [];
  return readFileSync(inbox, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as ReceivedEmail);
}
