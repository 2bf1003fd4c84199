// POST /api/chat with attachments that are not the sender's (decision 013: an upload is its uploader's
// and the organisation admins'), against the loopback fake provider that records what the model got.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { getTestContext, type TestContext } from "../test/context";
import { call, type Identity } from "../test/http";
import { connectOpenAI, createAgent } from "../test/seed";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { uploadFile } from "../files/test-support";
import { PNG_1X1 } from "../files/test-documents";
import { db } from "../db/client";
import { conversation, message } from "../db/tables";

let ctx: TestContext;
let f: TenancyFixture;
let fake: FakeProvider;
let agentId: number;

beforeAll(async () => {
  fake = await startFakeProvider();
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  await connectOpenAI(ctx.app, f.a.admin, f.a.id);
  agentId = (await createAgent(ctx.app, f.a.admin, f.a.id, { name: "Reader" })).id;
});
afterAll(async () => fake?.close());

const userMsg = (content: string, attachments: unknown[] = []) => ({
  id: randomUUID(),
  role: "user",
  content,
  experimental_attachments: attachments,
});
const sent = () => JSON.stringify(fake.requests.map((r) => r.body.messages));

function postChat(who: Identity, content: string, attachments: unknown[], threadId: string | null = null) {
  return call(ctx.app, "POST", `/api/chat?orgId=${f.a.id}`, {
    token: who.token,
    body: { agentId, threadId, messages: [userMsg(content, attachments)] },
  });
}

async function adminUploads() {
  const doc = await uploadFile(ctx.app, f.a.admin, f.a.id, {
    name: "board.txt",
    type: "text/plain",
    bytes: "board-minutes-secret",
  });
  const image = await uploadFile(ctx.app, f.a.admin, f.a.id, { name: "chart.png", type: "image/png", bytes: PNG_1X1 });
  return { doc: doc.upload, image: image.upload };
}

describe("chat attachments are the sender's (security #5)", () => {
  it("security #5: a member cannot attach another user's upload, its extracted text or image: 404 and nothing reaches the model", async () => {
    const { doc, image } = await adminUploads();
    const attempts = [
      { name: "board.txt", contentType: "text/plain", key: doc.key, contentKey: doc.contentKey },
      { name: "board.txt", contentType: "text/plain", key: doc.contentKey },
      { name: "x.txt", key: doc.key },
      { name: "chart.png", contentType: "image/png", key: image.key },
    ];
    for (const a of attempts) {
      fake.reset();
      const res = await postChat(f.a.member, "what does it say?", [a]);
      expect(res.status, JSON.stringify(a)).toBe(404);
      expect(res.body.error).toBe("Attachment not found");
      expect(fake.requests).toHaveLength(0);
      expect(res.text).not.toContain("board-minutes-secret");
    }
  });

  it("security #5: an attachment already stored in a member's thread naming another user's file is not read on later turns", async () => {
    const { doc } = await adminUploads();
    const id = randomUUID();
    await db()
      .insert(conversation)
      .values({ id, organizationId: f.a.id, userId: f.a.member.userId, agentId, firstMessageText: "old" });
    const attachments = [{ name: "board.txt", contentType: "text/plain", key: doc.key, contentKey: doc.contentKey }];
    await db().insert(message).values({
      id: randomUUID(),
      organizationId: f.a.id,
      conversationId: id,
      role: "user",
      content: "old turn",
      attachments,
    });
    fake.reset();
    const res = await postChat(f.a.member, "and now?", [], id);
    expect(res.status).toBe(200);
    expect(fake.requests).toHaveLength(1);
    expect(sent()).not.toContain("board-minutes-secret");
    expect(sent()).toContain("[Attachment board.txt could not be read.]");
  });

  it("the uploader and the organisation's admins may still attach an upload (decision 013; guards security #5)", async () => {
    const mine = await uploadFile(ctx.app, f.a.member, f.a.id, {
      name: "notes.txt",
      type: "text/plain",
      bytes: "member-notes-text",
    });
    const attachment = {
      name: "notes.txt",
      contentType: "text/plain",
      key: mine.upload.key,
      contentKey: mine.upload.contentKey,
    };
    for (const who of [f.a.member, f.a.admin]) {
      fake.reset();
      const res = await postChat(who, "summarise", [attachment]);
      expect(res.status).toBe(200);
      expect(sent()).toContain("member-notes-text");
    }
  });
});
