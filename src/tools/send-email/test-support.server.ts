// Shared by the send_email tests: a real SMTP server on loopback as the tool mailer, uploads and
// conversations of the tenancy fixture, and the tool context a chat reply would hand the executor.
import { randomUUID } from "node:crypto";
import { startFakeSmtp, type FakeSmtp } from "../../../e2e/support/fake-smtp";
import { createMailer } from "../../server/email/mailer";
import { setToolMailer } from "../../server/email/tool-mailer";
import { db } from "../../server/db/client";
import { conversation } from "../../server/db/tables";
import { uploadFile } from "../../server/files/test-support";
import type { App } from "../../server/app";
import type { Identity } from "../../server/test/http";
import type { ToolContext } from "../executor.server";

export const FROM = "Switchboard <noreply@switchboard.test>";

export async function startSmtpMailer(): Promise<FakeSmtp> {
  const smtp = await startFakeSmtp();
  setToolMailer(createMailer({ url: smtp.url, from: FROM }));
  return smtp;
}

export async function upload(app: App, who: Identity, orgId: string, name: string, type: string, bytes: Uint8Array) {
  const { upload } = await uploadFile(app, who, orgId, { name, type, bytes }, { extract: false });
  return upload.fileId;
}

export async function newConversation(orgId: string, userId: string) {
  const id = randomUUID();
  await db().insert(conversation).values({ id, organizationId: orgId, userId, agentId: 1 });
  return id;
}

export function toolCtx(
  orgId: string,
  who: Identity,
  opts: { isAdmin?: boolean; conversationId?: string; ask?: boolean; signal?: AbortSignal } = {},
): ToolContext {
  return {
    orgId,
    org: { id: orgId, name: "Org" },
    user: { id: who.userId, name: who.name, email: who.email },
    isAdmin: opts.isAdmin ?? false,
    agentId: 1,
    conversationId: opts.conversationId ?? randomUUID(),
    toolCallId: `call_${randomUUID()}`,
    depth: 0,
    abortSignal: opts.signal ?? new AbortController().signal,
    toolConfig: opts.ask ? { askBeforeSending: true } : {},
  };
}
