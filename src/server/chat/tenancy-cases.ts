import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { TenancyCases } from "../test/tenancy-types";
import { call } from "../test/http";
import { connectOpenAI, createAgent } from "../test/seed";
import { db } from "../db/client";
import { conversation, message } from "../db/tables";
import { uploadFile } from "../files/test-support";

// A conversation of A's member with a recognisable message, written directly (no model needed).
const threads: Record<string, string> = {};
async function seedThread(ctx: any, a: any, label: string) {
  const agent = await createAgent(ctx.app, a.admin, a.id, { name: `Tenant A ${label} Agent` });
  const id = randomUUID();
  await db()
    .insert(conversation)
    .values({
      id,
      organizationId: a.id,
      userId: a.member.userId,
      agentId: agent.id,
      name: `Tenant A ${label} thread`,
      firstMessageText: `tenant-a-${label}-first`,
    });
  await db()
    .insert(message)
    .values({
      id: randomUUID(),
      organizationId: a.id,
      conversationId: id,
      role: "user",
      content: `tenant-a-${label}-secret-message`,
    });
  threads[label] = id;
  return [`Tenant A ${label} thread`, `tenant-a-${label}-secret-message`, `tenant-a-${label}-first`];
}

// A's admin's upload, which A's member must not be able to hand to the model (decision 013).
const ATTACHED = "tenant-a-admin-attachment-text";
const privateUpload = { agentId: 0, key: "", contentKey: "" };
async function seedPrivateUpload(ctx: any, a: any) {
  await connectOpenAI(ctx.app, a.admin, a.id).catch(() => undefined); // already connected by the outsiders' seed
  privateUpload.agentId = (await createAgent(ctx.app, a.admin, a.id, { name: "Tenant A reader" })).id;
  const { upload } = await uploadFile(ctx.app, a.admin, a.id, {
    name: "minutes.txt",
    type: "text/plain",
    bytes: ATTACHED,
  });
  privateUpload.key = upload.key;
  privateUpload.contentKey = upload.contentKey;
  return [ATTACHED];
}
const chatWith = (orgId: string, attachment: Record<string, string>) => ({
  method: "POST",
  path: `/api/chat?orgId=${orgId}`,
  body: {
    agentId: privateUpload.agentId,
    threadId: null,
    messages: [{ id: randomUUID(), role: "user", content: "read it", experimental_attachments: [attachment] }],
  },
});

const threadIntact = (label: string) => async (ctx: any, f: any) => {
  const res = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${threads[label]}`, {
    token: f.a.member.token,
  });
  expect(res.body.isDeleted).toBe(false);
  expect(res.body.name).toBe(`Tenant A ${label} thread`);
};

export const chatTenancyCases: TenancyCases = {
  "GET /api/getConversations": {
    seed: (ctx, a) => seedThread(ctx, a, "list"),
    attacks: (f) => [
      { method: "GET", path: `/api/getConversations?orgId=${f.a.id}` },
      { method: "GET", path: "/api/getConversations" },
    ],
    control: (f) => ({ method: "GET", path: `/api/getConversations?orgId=${f.a.id}`, as: "member" }),
  },
  // Issue 17's search: A's member's thread is found by its message text only from inside A.
  "GET /api/searchConversations": {
    seed: (ctx, a) => seedThread(ctx, a, "search"),
    attacks: (f) => [
      { method: "GET", path: `/api/searchConversations?orgId=${f.a.id}&q=tenant-a-search-secret` },
      { method: "GET", path: "/api/searchConversations?q=tenant-a-search-secret" },
    ],
    control: (f) => ({
      method: "GET",
      path: `/api/searchConversations?orgId=${f.a.id}&q=tenant-a-search-secret`,
      as: "member",
    }),
  },
  "GET /api/getConversation": {
    seed: (ctx, a) => seedThread(ctx, a, "read"),
    attacks: (f) => [
      { method: "GET", path: `/api/getConversation?threadId=${threads.read}` },
      { method: "GET", path: `/api/getConversation?orgId=${f.a.id}&threadId=${threads.read}` },
    ],
    control: (f) => ({ method: "GET", path: `/api/getConversation?orgId=${f.a.id}&threadId=${threads.read}` }),
  },
  "PATCH /api/renameConversation": {
    seed: (ctx, a) => seedThread(ctx, a, "rename"),
    attacks: (f) => [
      { method: "PATCH", path: "/api/renameConversation", body: { threadId: threads.rename, name: "Hijacked" } },
      {
        method: "PATCH",
        path: `/api/renameConversation?orgId=${f.a.id}`,
        body: { threadId: threads.rename, name: "Hijacked" },
      },
    ],
    intact: threadIntact("rename"),
  },
  "PATCH /api/deleteConversation": {
    seed: (ctx, a) => seedThread(ctx, a, "delete"),
    attacks: (f) => [
      { method: "PATCH", path: `/api/deleteConversation?threadId=${threads.delete}` },
      { method: "PATCH", path: `/api/deleteConversation?orgId=${f.a.id}&threadId=${threads.delete}` },
    ],
    intact: threadIntact("delete"),
  },
  "GET /api/chat": {
    seed: (ctx, a) => seedThread(ctx, a, "resume"),
    attacks: (f) => [
      { method: "GET", path: `/api/chat?chatId=${threads.resume}` },
      { method: "GET", path: `/api/chat?orgId=${f.a.id}&chatId=${threads.resume}` },
    ],
  },
  "POST /api/chat": {
    seed: async (ctx, a) => {
      await connectOpenAI(ctx.app, a.admin, a.id);
      return seedThread(ctx, a, "post");
    },
    sameOrg: {
      seed: seedPrivateUpload,
      attacks: (f) => [
        chatWith(f.a.id, {
          name: "minutes.txt",
          contentType: "text/plain",
          key: privateUpload.key,
          contentKey: privateUpload.contentKey,
        }),
        chatWith(f.a.id, { name: "minutes.txt", contentType: "text/plain", key: privateUpload.contentKey }),
        chatWith(f.a.id, { name: "minutes.png", contentType: "image/png", key: privateUpload.key }),
      ],
      control: (f) =>
        chatWith(f.a.id, {
          name: "minutes.txt",
          contentType: "text/plain",
          key: privateUpload.key,
          contentKey: privateUpload.contentKey,
        }),
    },
    attacks: (f) => [
      {
        method: "POST",
        path: "/api/chat",
        body: { agentId: 1, threadId: threads.post, messages: [{ role: "user", content: "intrude" }] },
      },
      {
        method: "POST",
        path: `/api/chat?orgId=${f.a.id}`,
        body: { agentId: 1, threadId: threads.post, messages: [{ role: "user", content: "intrude" }] },
      },
    ],
    intact: async (ctx, f) => {
      const res = await call(ctx.app, "GET", `/api/getConversation?orgId=${f.a.id}&threadId=${threads.post}`, {
        token: f.a.member.token,
      });
      expect(res.body.messages.map((m: any) => m.content)).toEqual(["tenant-a-post-secret-message"]);
    },
  },
  "DELETE /api/chat": {
    attacks: (f) => [
      { method: "DELETE", path: `/api/chat?chatId=${threads.post}` },
      { method: "DELETE", path: `/api/chat?orgId=${f.a.id}&chatId=${threads.post}` },
    ],
  },
  "GET /api/feedback": {
    seed: async (ctx, a) => {
      const labels = await seedThread(ctx, a, "feedback");
      await call(ctx.app, "POST", `/api/feedback?orgId=${a.id}`, {
        token: a.member.token,
        body: { conversationId: threads.feedback, isHelpful: true, comment: "tenant-a-feedback-comment" },
      });
      return [...labels, "tenant-a-feedback-comment"];
    },
    attacks: (f) => [
      { method: "GET", path: `/api/feedback?conversationId=${threads.feedback}` },
      { method: "GET", path: `/api/feedback?orgId=${f.a.id}&conversationId=${threads.feedback}` },
    ],
    control: (f) => ({
      method: "GET",
      path: `/api/feedback?orgId=${f.a.id}&conversationId=${threads.feedback}`,
      as: "member",
    }),
  },
  "POST /api/feedback": {
    attacks: (f) => [
      { method: "POST", path: "/api/feedback", body: { conversationId: threads.feedback, isHelpful: false } },
      {
        method: "POST",
        path: `/api/feedback?orgId=${f.a.id}`,
        body: { conversationId: threads.feedback, isHelpful: false },
      },
    ],
    intact: async (ctx, f) => {
      const res = await call(ctx.app, "GET", `/api/feedback?orgId=${f.a.id}&conversationId=${threads.feedback}`, {
        token: f.a.member.token,
      });
      expect(res.body.data.isHelpful).toBe(true);
    },
  },
};
