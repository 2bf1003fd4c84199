// For tests that open replies on the stream hub directly: the fake provider, the test context, a tenancy
// fixture whose organisation has OpenAI and an agent, and one chat's thread (a reply's row needs its conversation).
import { randomUUID } from "node:crypto";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { getTestContext, type TestContext } from "./context";
import { connectOpenAI, createAgent } from "./seed";
import { createTenancyFixture, type TenancyFixture } from "./tenancy-fixture";

export interface HubThread {
  ctx: TestContext;
  f: TenancyFixture;
  fake: FakeProvider;
  agentId: number;
  threadId: string;
}

export async function hubThread(agentName: string): Promise<HubThread> {
  const fake = await startFakeProvider();
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  const ctx = await getTestContext();
  const f = await createTenancyFixture(ctx.app);
  await connectOpenAI(ctx.app, f.a.admin, f.a.id);
  const agentId = (await createAgent(ctx.app, f.a.admin, f.a.id, { name: agentName })).id;
  const res = await ctx.app.request(`/api/chat?orgId=${f.a.id}`, {
    method: "POST",
    headers: { authorization: `Bearer ${f.a.member.token}`, "content-type": "application/json" },
    body: JSON.stringify({ agentId, threadId: null, messages: [{ id: randomUUID(), role: "user", content: "hi" }] }),
  });
  const threadId = res.headers.get("x-thread-id")!;
  await res.text();
  return { ctx, f, fake, agentId, threadId };
}
