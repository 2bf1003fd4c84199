// The hand-computed fixture of the dashboard's extras (decision 084), seeded by each of their test files
// in an organisation of its own. Five whole UTC days, ten days ago: D0 … D4.
//   A1 member · Alpha · D1 10:00  gpt-4.1 1000/500, with a Beta sub-conversation on Claude 2000/100
//   A2 member · Alpha · D3 23:30  300k input tokens, no model named (priced as Alpha's gpt-4.1)
//   B1 admin  · Beta  · D3 12:00  Claude 1M/1M, the run of the task "Nightly digest"
//   B2 admin  · Alpha · D2 09:00  azure:my-deploy 10/10, a model without a price
//   and one conversation before the range.
import { and, eq } from "drizzle-orm";
import { getTestContext, type TestContext } from "../test/context";
import { addMember, call, createOrg, signUp, type CallResult, type Identity } from "../test/http";
import { createAgent } from "../test/seed";
import { db } from "../db/client";
import { agent, member, scheduledTask, scheduledTaskExecution } from "../db/tables";
import { seedConversation } from "./test-support";

const DAY = 86_400_000;
const d0 = new Date(Math.floor((Date.now() - 10 * DAY) / DAY) * DAY);
const at = (day: number, h: number, m = 0) => new Date(d0.getTime() + day * DAY + (h * 60 + m) * 60_000);
export const range = `from=${encodeURIComponent(d0.toISOString())}&to=${encodeURIComponent(new Date(d0.getTime() + 5 * DAY - 1).toISOString())}`;
/** The first n days of the range, YYYY-MM-DD. */
export const dates = (n: number) =>
  Array.from({ length: n }, (_, i) => new Date(d0.getTime() + i * DAY).toISOString().slice(0, 10));

export interface ExtrasFixture {
  ctx: TestContext;
  admin: Identity;
  mem: Identity;
  orgId: string;
  alpha: { id: number };
  beta: { id: number };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read as JSON
  get: (who: Identity, path: string) => Promise<CallResult<any>>;
}

export async function seedExtrasFixture(): Promise<ExtrasFixture> {
  const ctx = await getTestContext();
  const admin = await signUp(ctx.app, "extras-admin");
  const mem = await signUp(ctx.app, "extras-member");
  const orgId = (await createOrg(ctx.app, admin)).id;
  await addMember(ctx.app, admin, orgId, mem, "org:member");
  const alpha = await createAgent(ctx.app, admin, orgId, { name: "Alpha" });
  const beta = await createAgent(ctx.app, admin, orgId, { name: "Beta" });
  await db()
    .update(agent)
    .set({ model: "anthropic:claude-sonnet-4-5" })
    .where(and(eq(agent.organizationId, orgId), eq(agent.id, beta.id)));
  await db()
    .update(member)
    .set({ publicMetadata: { department: "Sales" } })
    .where(and(eq(member.organizationId, orgId), eq(member.userId, mem.userId)));

  // A1 (member, Alpha, D1): gpt-4.1 1000/500 and a Beta sub-conversation on Claude 2000/100.
  const a1 = await seedConversation({
    orgId,
    userId: mem.userId,
    agentId: alpha.id,
    at: at(1, 10),
    messages: [
      { role: "user", content: 'Hello, "world"\nsecond line' },
      { role: "assistant", model: "openai:gpt-4.1", inputTokens: 1000, outputTokens: 500, tools: ["call_agent"] },
    ],
  });
  await seedConversation({
    orgId,
    userId: mem.userId,
    agentId: beta.id,
    parentId: a1,
    at: at(1, 10, 1),
    messages: [
      { role: "user", content: "sub" },
      { role: "assistant", model: "anthropic:claude-sonnet-4-5", inputTokens: 2000, outputTokens: 100 },
    ],
  });
  // A2 (member, Alpha, D3 23:30 UTC): a reply that named no model, priced as Alpha's (gpt-4.1).
  await seedConversation({
    orgId,
    userId: mem.userId,
    agentId: alpha.id,
    at: at(3, 23, 30),
    messages: [
      { role: "user", content: '=HYPERLINK("http://evil.example","x")' },
      { role: "assistant", inputTokens: 300_000, outputTokens: 0 },
    ],
  });
  // B1 (admin, Beta, D3 12:00): a scheduled run, Claude 1M/1M.
  const b1 = await seedConversation({
    orgId,
    userId: admin.userId,
    agentId: beta.id,
    at: at(3, 12),
    messages: [
      { role: "user", content: "+digest of the night" },
      { role: "assistant", model: "anthropic:claude-sonnet-4-5", inputTokens: 1_000_000, outputTokens: 1_000_000 },
    ],
  });
  const [task] = await db()
    .insert(scheduledTask)
    .values({
      organizationId: orgId,
      agentId: beta.id,
      createdBy: admin.userId,
      name: "Nightly digest",
      prompt: "digest",
      schedule: "0 2 * * *",
      cron: "0 2 * * *",
    })
    .returning({ id: scheduledTask.id });
  await db()
    .insert(scheduledTaskExecution)
    .values({
      organizationId: orgId,
      taskId: task!.id,
      scheduledFor: at(3, 12),
      status: "completed",
      conversationId: b1,
    });
  // B2 (admin, Alpha, D2): an Azure deployment with no price.
  await seedConversation({
    orgId,
    userId: admin.userId,
    agentId: alpha.id,
    at: at(2, 9),
    messages: [
      { role: "user", content: "@admin azure" },
      { role: "assistant", model: "azure:my-deploy", inputTokens: 10, outputTokens: 10 },
    ],
  });
  // Outside the range.
  await seedConversation({
    orgId,
    userId: mem.userId,
    agentId: alpha.id,
    at: at(-3, 12),
    messages: [{ role: "assistant", model: "openai:gpt-4.1", inputTokens: 7, outputTokens: 7 }],
  });
  const get = (who: Identity, path: string) =>
    call(ctx.app, "GET", `${path}${path.includes("?") ? "&" : "?"}orgId=${orgId}`, { token: who.token });
  return { ctx, admin, mem, orgId, alpha, beta, get };
}
