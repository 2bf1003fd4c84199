// /api/scheduled-tasks/* and the scheduler in one process, on the real database and the chat's real
// reply machinery against the loopback fake provider; failure emails go to a real SMTP server.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { startFakeSmtp, type FakeSmtp } from "../../../e2e/support/fake-smtp";
import { getTestContext, type TestContext } from "../test/context";
import { call } from "../test/http";
import { connectOpenAI, createAgent } from "../test/seed";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { db } from "../db/client";
import { conversation, message, scheduledTask, scheduledTaskExecution } from "../db/tables";
import { createMailer } from "../email/mailer";
import { fastClock, setTaskClock, systemClock } from "./clock";
import { INTERRUPTED_ERROR, Scheduler } from "./scheduler";
import { BEGIN_REFUSED_ERROR, loadRunContexts, runExecution } from "./run-task";
import { markStarted } from "./start";
import { isAdminRole } from "../../shared/roles";
import { execute as executeScheduleTask } from "../../tools/schedule-task/execute.server";
import { scheduleTask } from "../../tools/schedule-task/definition";
import { scheduleTaskResult } from "../../tools/schedule-task/result";
import type { ToolContext } from "../../tools/executor.server";

let ctx: TestContext;
let f: TenancyFixture;
let fake: FakeProvider;
let smtp: FakeSmtp;
let agentId: number;
const START = Date.parse("2026-06-01T08:00:30Z");
let now = START;
const clock = { now: () => now };

beforeAll(async () => {
  fake = await startFakeProvider();
  smtp = await startFakeSmtp();
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  await connectOpenAI(ctx.app, f.a.admin, f.a.id);
  agentId = (await createAgent(ctx.app, f.a.admin, f.a.id, { name: "Reporter" })).id;
  setTaskClock(clock);
}, 180_000); // a fresh PGlite database migrates slowly on a busy machine
afterAll(async () => {
  setTaskClock(systemClock);
  await fake?.close();
  await smtp?.close();
});
beforeEach(async () => {
  now = START;
  // Each test starts with no runnable tasks of organisation A.
  await db().update(scheduledTask).set({ enabled: false }).where(eq(scheduledTask.organizationId, f.a.id));
});

const api = (who: { token: string }, method: string, path: string, body?: unknown) =>
  call(ctx.app, method, `${path}${path.includes("?") ? "&" : "?"}orgId=${f.a.id}`, { token: who.token, body });

const task = (fields: Record<string, unknown> = {}) => ({
  name: "Morning digest",
  description: "News",
  agentId,
  prompt: "Summarise the news",
  schedule: "daily",
  timeZone: "America/New_York",
  ...fields,
});

async function create(who: { token: string }, fields: Record<string, unknown> = {}) {
  const res = await api(who, "POST", "/api/scheduled-tasks/manage", task(fields));
  expect(res.status, res.text).toBe(201);
  return res.body.task as { id: number; [k: string]: any };
}

const scheduler = (opts: ConstructorParameters<typeof Scheduler>[0] = {}) =>
  new Scheduler({ clock, orgIds: [f.a.id], heartbeatMs: 50, ...opts });

async function runAll(s: Scheduler) {
  await s.tick();
  await s.drain();
}

/** An execution of organisation A's task marked running under `leaseOwner`'s lease a minute ago. */
async function runningExecution(taskId: number, leaseOwner: string, attempts: number) {
  const [row] = await db()
    .insert(scheduledTaskExecution)
    .values({
      organizationId: f.a.id,
      taskId,
      scheduledFor: new Date(now - 60_000),
      status: "running",
      startedAt: new Date(now - 60_000),
      leaseOwner,
      leaseExpiresAt: new Date(now + 60_000),
      attempts,
    })
    .returning();
  return row!;
}

const executions = async (taskId: number) =>
  (await api(f.a.admin, "GET", `/api/scheduled-tasks/executions?taskId=${taskId}&limit=100`)).body.executions as any[];

describe("/api/scheduled-tasks/manage", () => {
  it("[API-52] [TASK-36] [TASK-20] creates a task with the spec's fields; enabled defaults to true; the creator's zone is kept", async () => {
    const res = await api(f.a.member, "POST", "/api/scheduled-tasks/manage", {
      name: "  Weekly report ",
      agentId,
      prompt: "Write it",
      schedule: "weekly",
      timeZone: "Europe/Berlin",
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.task).toMatchObject({
      name: "Weekly report",
      description: "",
      agentId,
      agentName: "Reporter",
      prompt: "Write it",
      schedule: "weekly",
      cron: "0 9 * * 1",
      enabled: true,
      lastRunAt: null,
      timeZone: "Europe/Berlin",
      createdBy: f.a.member.userId,
    });
    // Monday 2026-06-01 08:00:30Z is 10:00 in Berlin: the next Monday 09:00 Berlin is 07:00Z a week on.
    expect(res.body.task.nextRunAt).toBe("2026-06-08T07:00:00.000Z");
  });

  it("[TASK-18] [TASK-19] [CRON-01] refuses bad input with the task form's messages, never a 500", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "" }, "Name is required"],
      [{ name: "x".repeat(101) }, "Name must be less than 100 characters"],
      [{ agentId: undefined }, "Agent is required"],
      [{ agentId: "" }, "Agent is required"],
      [{ prompt: "  " }, "Prompt is required"],
      [{ schedule: "" }, "Schedule is required"],
      [
        { schedule: "0 9 * *" },
        'Invalid cron expression: expected 5 parts (minute hour day month weekday), got 4. Try using presets like "daily", "hourly", or "weekly".',
      ],
      [{ schedule: "0 25 * * *" }, "Invalid hour: Value 25 must be between 0 and 23"],
      [{ timeZone: "Mars/Olympus" }, "Invalid time zone: Mars/Olympus"],
    ];
    for (const [fields, message] of cases) {
      const res = await api(f.a.admin, "POST", "/api/scheduled-tasks/manage", task(fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(res.body.error).toBe(message);
    }
    const other = await createAgent(ctx.app, f.b.admin, f.b.id);
    const res = await api(f.a.admin, "POST", "/api/scheduled-tasks/manage", task({ agentId: other.id }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Agent not found");
  });

  it("[API-50] [API-51] [API-53] [API-55] lists, reads, updates and toggles; a disabled task has no next run", async () => {
    const t = await create(f.a.admin, { name: "Listed" });
    const list = await api(f.a.admin, "GET", "/api/scheduled-tasks/manage");
    expect(list.status).toBe(200);
    expect(list.body.tasks.map((x: any) => x.id)).toContain(t.id);
    const upd = await api(
      f.a.admin,
      "PUT",
      `/api/scheduled-tasks/manage/${t.id}`,
      task({ name: "Renamed", schedule: "every 15 minutes" }),
    );
    expect(upd.status, upd.text).toBe(200);
    expect(upd.body.task).toMatchObject({
      name: "Renamed",
      cron: "*/15 * * * *",
      nextRunAt: "2026-06-01T08:15:00.000Z",
    });
    const off = await api(f.a.admin, "POST", "/api/scheduled-tasks/toggle", { taskId: t.id, enabled: false });
    expect(off.body.task).toMatchObject({ enabled: false, nextRunAt: null });
    const got = await api(f.a.admin, "GET", `/api/scheduled-tasks/manage/${t.id}`);
    expect(got.body.task).toMatchObject({ id: t.id, name: "Renamed", enabled: false });
    const on = await api(f.a.admin, "POST", "/api/scheduled-tasks/toggle", { taskId: t.id, enabled: true });
    expect(on.body.task.nextRunAt).toBe("2026-06-01T08:15:00.000Z");
    expect((await api(f.a.admin, "POST", "/api/scheduled-tasks/toggle", { taskId: t.id })).body.error).toBe(
      "Enabled is required",
    );
  });

  it("[API-54] [TASK-07] delete removes the task and keeps its execution history", async () => {
    const t = await create(f.a.admin, { name: "Doomed" });
    await db()
      .insert(scheduledTaskExecution)
      .values({
        organizationId: f.a.id,
        taskId: t.id,
        scheduledFor: new Date(now),
        status: "completed",
      });
    const del = await api(f.a.admin, "DELETE", `/api/scheduled-tasks/manage/${t.id}`);
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true });
    expect((await api(f.a.admin, "GET", `/api/scheduled-tasks/manage/${t.id}`)).status).toBe(404);
    expect((await api(f.a.admin, "DELETE", `/api/scheduled-tasks/manage/${t.id}`)).status).toBe(404);
    const kept = await db().select().from(scheduledTaskExecution).where(eq(scheduledTaskExecution.taskId, t.id));
    expect(kept).toHaveLength(1);
  });

  it("decision 040: a member reaches only their own tasks; an admin every task of the organisation", async () => {
    const mine = await create(f.a.member, { name: "Member's own" });
    const admins = await create(f.a.admin, { name: "Admin's" });
    const memberList = (await api(f.a.member, "GET", "/api/scheduled-tasks/manage")).body.tasks.map((t: any) => t.id);
    expect(memberList).toContain(mine.id);
    expect(memberList).not.toContain(admins.id);
    for (const [method, path, body] of [
      ["GET", `/api/scheduled-tasks/manage/${admins.id}`],
      ["PUT", `/api/scheduled-tasks/manage/${admins.id}`, task()],
      ["DELETE", `/api/scheduled-tasks/manage/${admins.id}`],
      ["POST", "/api/scheduled-tasks/toggle", { taskId: admins.id, enabled: false }],
      ["GET", `/api/scheduled-tasks/executions?taskId=${admins.id}`],
      ["GET", `/api/scheduled-tasks/executions?stats=true&taskId=${admins.id}`],
      ["POST", "/api/scheduled-tasks/executions", { taskId: admins.id }],
    ] as const) {
      const res = await api(f.a.member, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe("Task not found");
    }
    const adminList = (await api(f.a.admin, "GET", "/api/scheduled-tasks/manage")).body.tasks.map((t: any) => t.id);
    expect(adminList).toEqual(expect.arrayContaining([mine.id, admins.id]));
    const edited = await api(
      f.a.admin,
      "PUT",
      `/api/scheduled-tasks/manage/${mine.id}`,
      task({ name: "Edited by admin" }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.task.createdBy).toBe(f.a.member.userId);
  });
});

describe("runs", () => {
  it("[API-58] [API-56] [TASK-37] Run Now queues an immediate run: the agent answers in a new conversation of the creator, with status, tokens and duration", async () => {
    const t = await create(f.a.member, { name: "Run me", prompt: "Tell me the weather" });
    const res = await api(f.a.member, "POST", "/api/scheduled-tasks/executions", { taskId: t.id });
    expect(res.status, res.text).toBe(201);
    expect(res.body.execution).toMatchObject({
      taskId: t.id,
      status: "pending",
      scheduledFor: new Date(now).toISOString(),
    });
    expect((await api(f.a.member, "POST", "/api/scheduled-tasks/executions", { taskId: t.id })).body.error).toBe(
      "Task is already running",
    );
    // Last Run shows the Run Now before any scheduler has started it (the list the client reloads at once).
    const queued = (await api(f.a.member, "GET", `/api/scheduled-tasks/manage/${t.id}`)).body.task.lastRunAt;
    expect(queued).toBe(new Date(now).toISOString());
    await runAll(scheduler());
    const [run] = await executions(t.id);
    expect(run).toMatchObject({ status: "completed", error: null, metadata: { trigger: "manual", attempts: 1 } });
    expect(run.startedAt).toBeTruthy();
    expect(run.completedAt).toBeTruthy();
    expect(run.metadata.totalTokens).toBeGreaterThan(0);
    expect(typeof run.metadata.durationMs).toBe("number");
    // The conversation is the creator's: it is in their list and reads back with the prompt and answer.
    const list = await call(ctx.app, "GET", `/api/getConversations?orgId=${f.a.id}`, { token: f.a.member.token });
    expect(JSON.stringify(list.body)).toContain(run.conversationId);
    const [conv] = await db().select().from(conversation).where(eq(conversation.id, run.conversationId));
    expect(conv).toMatchObject({ userId: f.a.member.userId, agentId, firstMessageText: "Tell me the weather" });
    const lastRunAt = (await api(f.a.member, "GET", `/api/scheduled-tasks/manage/${t.id}`)).body.task.lastRunAt;
    expect(lastRunAt).toBe(new Date(now).toISOString());
    await api(f.a.member, "POST", "/api/scheduled-tasks/toggle", { taskId: t.id, enabled: false });
    expect((await api(f.a.member, "POST", "/api/scheduled-tasks/executions", { taskId: t.id })).body.error).toBe(
      "Task is disabled",
    );
  });

  it("[API-57] stats count executions by status since a date", async () => {
    const t = await create(f.a.admin);
    const at = (iso: string, status: string) => ({
      organizationId: f.a.id,
      taskId: t.id,
      scheduledFor: new Date(iso),
      status,
    });
    await db()
      .insert(scheduledTaskExecution)
      .values([
        at("2026-05-01T09:00:00Z", "completed"),
        at("2026-05-20T09:00:00Z", "completed"),
        at("2026-05-21T09:00:00Z", "failed"),
        at("2026-05-22T09:00:00Z", "running"),
        at("2026-05-23T09:00:00Z", "pending"),
        at("2026-05-24T09:00:00Z", "skipped"),
      ]);
    const all = await api(f.a.admin, "GET", `/api/scheduled-tasks/executions?stats=true&taskId=${t.id}`);
    expect(all.body).toEqual({ success: true, total: 6, completed: 2, failed: 1, running: 1, pending: 1, skipped: 1 });
    const since = await api(
      f.a.admin,
      "GET",
      `/api/scheduled-tasks/executions?stats=true&taskId=${t.id}&since=2026-05-10T00:00:00Z`,
    );
    expect(since.body).toMatchObject({ total: 5, completed: 1 });
    const limited = await api(f.a.admin, "GET", `/api/scheduled-tasks/executions?taskId=${t.id}&limit=2`);
    expect(limited.body.executions.map((e: any) => e.scheduledFor)).toEqual([
      "2026-05-24T09:00:00.000Z",
      "2026-05-23T09:00:00.000Z",
    ]);
    const bad = await api(
      f.a.admin,
      "GET",
      `/api/scheduled-tasks/executions?stats=true&taskId=${t.id}&since=yesterday`,
    );
    expect(bad.status).toBe(400);
    expect((await api(f.a.admin, "GET", `/api/scheduled-tasks/executions?taskId=${t.id}&limit=x`)).status).toBe(400);
  });

  it("decision 041: after downtime the latest missed occurrence runs once and the others are recorded as skipped", async () => {
    now = Date.parse("2026-06-02T08:00:30Z");
    const t = await create(f.a.admin, { schedule: "0 * * * *", timeZone: "UTC" });
    expect(t.nextRunAt).toBe("2026-06-02T09:00:00.000Z");
    now = Date.parse("2026-06-02T12:20:00Z"); // no server ran from 08:00:30 to 12:20
    const s = scheduler();
    await runAll(s);
    await runAll(s);
    const runs = await executions(t.id);
    expect(runs.map((r) => [r.scheduledFor.slice(11, 16), r.status])).toEqual([
      ["12:00", "completed"],
      ["11:00", "skipped"],
      ["10:00", "skipped"],
      ["09:00", "skipped"],
    ]);
    expect(runs[1].metadata.skippedReason).toMatch(/^Missed while no server was running/);
    expect((await api(f.a.admin, "GET", `/api/scheduled-tasks/manage/${t.id}`)).body.task.nextRunAt).toBe(
      "2026-06-02T13:00:00.000Z",
    );
  });

  it("decision 041: an occurrence due while the previous run is still going is skipped, not run alongside", async () => {
    now = Date.parse("2026-06-03T08:00:30Z");
    const t = await create(f.a.admin, { schedule: "*/15 * * * *", timeZone: "UTC", prompt: "[long] go on" });
    now = Date.parse("2026-06-03T08:15:01Z");
    // The test clock jumps 15 minutes at once, faster than any heartbeat: the lease must outlast the jump, or the
    // second tick would take the run for a dead server's (and fail or restart it) instead of seeing it still going.
    const s = scheduler({ leaseMs: 60 * 60_000 });
    await s.tick(); // 08:15 starts and is still streaming
    now = Date.parse("2026-06-03T08:30:01Z");
    await s.tick();
    await s.drain();
    const runs = await executions(t.id);
    expect(runs.map((r) => [r.scheduledFor.slice(11, 16), r.status])).toEqual([
      ["08:30", "skipped"],
      ["08:15", "completed"],
    ]);
    expect(runs[0].metadata.skippedReason).toBe("The previous run of this task was still going.");
  });

  it("decision 041: an organisation's concurrent runs stay under its cap; the rest wait and then run", async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push((await create(f.a.admin, { name: `Cap ${i}`, prompt: "[slow] hello" })).id);
    for (const id of ids) await api(f.a.admin, "POST", "/api/scheduled-tasks/executions", { taskId: id });
    const s = scheduler({ orgConcurrency: 2 });
    await s.tick();
    const running = await db()
      .select()
      .from(scheduledTaskExecution)
      .where(and(eq(scheduledTaskExecution.organizationId, f.a.id), eq(scheduledTaskExecution.status, "running")));
    expect(running).toHaveLength(2);
    for (let i = 0; i < 5; i++) await runAll(s);
    for (const id of ids) expect((await executions(id))[0].status).toBe("completed");
  });

  it("decision 041: a run whose server died is taken over once before its conversation began, else failed with the reason", async () => {
    const a = await create(f.a.admin, { name: "Not begun" });
    const b = await create(f.a.admin, { name: "Begun" });
    const dead = {
      leaseOwner: "dead-process",
      leaseExpiresAt: new Date(now - 1000),
      startedAt: new Date(now - 60_000),
      attempts: 1,
    };
    await db()
      .insert(scheduledTaskExecution)
      .values([
        { organizationId: f.a.id, taskId: a.id, scheduledFor: new Date(now - 60_000), status: "running", ...dead },
        {
          organizationId: f.a.id,
          taskId: b.id,
          scheduledFor: new Date(now - 60_000),
          status: "running",
          conversationId: crypto.randomUUID(),
          ...dead,
        },
      ]);
    await runAll(scheduler());
    const [ra] = await executions(a.id);
    expect(ra).toMatchObject({ status: "completed", metadata: { attempts: 2 } });
    const [rb] = await executions(b.id);
    expect(rb).toMatchObject({ status: "failed", error: INTERRUPTED_ERROR });
  });

  it("decision 075: a run whose lease was taken before its conversation began does not begin one beside the takeover", async () => {
    const t = await create(f.a.admin, { name: "Taken over" });
    // This process started the run, stalled (no heartbeat), and another took the lease over meanwhile.
    const row = await runningExecution(t.id, "the-takeover", 2);
    const conversations = async () =>
      (
        await db()
          .select({ id: conversation.id })
          .from(conversation)
          .where(and(eq(conversation.organizationId, f.a.id), eq(conversation.userId, f.a.admin.userId)))
      ).length;
    const before = await conversations();
    await runExecution(
      { ...row, leaseOwner: "the-stalled-one", attempts: 1 },
      { clock, instanceId: "the-stalled-one" },
    );
    expect(await conversations()).toBe(before);
    const [after] = await db().select().from(scheduledTaskExecution).where(eq(scheduledTaskExecution.id, row.id));
    expect(after).toMatchObject({ status: "running", leaseOwner: "the-takeover", conversationId: null });
    await db()
      .update(scheduledTaskExecution)
      .set({ status: "failed", leaseOwner: null, leaseExpiresAt: null })
      .where(eq(scheduledTaskExecution.id, row.id));
  });

  it("decision 124: a run whose conversation cannot begin while it holds its lease is failed with the reason, not left running", async () => {
    const t = await create(f.a.admin, { name: "Creator gone", prompt: "never begins" });
    const row = await runningExecution(t.id, "me-124", 1);
    const context = (await loadRunContexts([row])).get(row.id)!;
    // The creator's account went between the start and the begin: the conversation's foreign key fails.
    const ghost = { ...context, who: { ...context.who!, user: { ...context.who!.user, id: `gone-${row.id}` } } };
    await runExecution(row, { clock, instanceId: "me-124" }, ghost);
    const [after] = await db().select().from(scheduledTaskExecution).where(eq(scheduledTaskExecution.id, row.id));
    expect(after).toMatchObject({
      status: "failed",
      error: BEGIN_REFUSED_ERROR,
      conversationId: null,
      leaseOwner: null,
    });
    const begun = await db()
      .select({ id: conversation.id })
      .from(conversation)
      .where(and(eq(conversation.organizationId, f.a.id), eq(conversation.userId, `gone-${row.id}`)));
    expect(begun).toEqual([]);
  });

  it("decision 075: a live run failed as interrupted because its heartbeat was late records its real outcome", async () => {
    const t = await create(f.a.admin, { name: "Late heartbeat", prompt: "[slow] hello" });
    await api(f.a.admin, "POST", "/api/scheduled-tasks/executions", { taskId: t.id });
    const owner = scheduler({ heartbeatMs: 3_600_000 }); // its heartbeat never comes in time
    await owner.tick();
    let [row] = await db().select().from(scheduledTaskExecution).where(eq(scheduledTaskExecution.taskId, t.id));
    for (let i = 0; i < 100 && !row!.conversationId; i++) {
      await new Promise((r) => setTimeout(r, 20));
      [row] = await db().select().from(scheduledTaskExecution).where(eq(scheduledTaskExecution.id, row!.id));
    }
    expect(row).toMatchObject({ status: "running", leaseOwner: owner.instanceId });
    expect(row!.conversationId).not.toBeNull();
    await db()
      .update(scheduledTaskExecution)
      .set({ leaseExpiresAt: new Date(now - 1) })
      .where(eq(scheduledTaskExecution.id, row!.id));
    expect(await scheduler({ instanceId: "another" }).recover()).toBe(1);
    const [failed] = await db().select().from(scheduledTaskExecution).where(eq(scheduledTaskExecution.id, row!.id));
    expect(failed).toMatchObject({ status: "failed", error: INTERRUPTED_ERROR });
    await owner.drain();
    const [final] = await executions(t.id);
    expect(final).toMatchObject({ status: "completed", error: null, conversationId: row!.conversationId });
    expect(await executions(t.id)).toHaveLength(1);
  });

  it("decision 075: a run whose server died a month ago is failed, and the same tick still starts other runs", async () => {
    const dead = await create(f.a.admin, { name: "Died long ago" });
    const live = await create(f.a.admin, { name: "Runs now" });
    const day = 24 * 3_600_000;
    const [stale] = await db()
      .insert(scheduledTaskExecution)
      .values({
        organizationId: f.a.id,
        taskId: dead.id,
        scheduledFor: new Date(now - 30 * day),
        status: "running",
        startedAt: new Date(now - 30 * day),
        conversationId: crypto.randomUUID(),
        leaseOwner: "gone",
        leaseExpiresAt: new Date(now - 30 * day + 60_000),
        attempts: 1,
      })
      .returning();
    await api(f.a.admin, "POST", "/api/scheduled-tasks/executions", { taskId: live.id });
    await runAll(scheduler());
    const [failed] = await db().select().from(scheduledTaskExecution).where(eq(scheduledTaskExecution.id, stale!.id));
    expect(failed).toMatchObject({ status: "failed", error: INTERRUPTED_ERROR, durationMs: 60_000 });
    expect((await executions(live.id))[0].status).toBe("completed");
  });

  it("decision 075: executions that must wait (their task still running) do not keep newer ones from starting", async () => {
    const busy = [await create(f.a.admin, { name: "Busy 1" }), await create(f.a.admin, { name: "Busy 2" })];
    const free = await create(f.a.admin, { name: "Free" });
    const held = { leaseOwner: "elsewhere", leaseExpiresAt: new Date(now + 3_600_000), attempts: 1 };
    const inserted = await db()
      .insert(scheduledTaskExecution)
      .values(
        busy.flatMap((t) => [
          { organizationId: f.a.id, taskId: t.id, scheduledFor: new Date(now - 120_000), status: "running", ...held },
          { organizationId: f.a.id, taskId: t.id, scheduledFor: new Date(now - 60_000), status: "pending" },
        ]),
      )
      .returning({ id: scheduledTaskExecution.id });
    await api(f.a.admin, "POST", "/api/scheduled-tasks/executions", { taskId: free.id });
    // A batch of two: before, it held the two waiting executions, started nothing and ended the tick.
    await runAll(scheduler({ batchSize: 2 }));
    expect((await executions(free.id))[0].status).toBe("completed");
    for (const t of busy) expect((await executions(t.id)).map((e) => e.status)).toEqual(["pending", "running"]);
    await db()
      .update(scheduledTaskExecution)
      .set({ status: "failed", leaseOwner: null, leaseExpiresAt: null })
      .where(
        inArray(
          scheduledTaskExecution.id,
          inserted.map((r) => r.id),
        ),
      );
  });

  it("decision 104: a process at its own cap starts no more runs; another process starts the rest", async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await create(f.a.admin, { name: `Spread ${i}`, prompt: "[slow] hi" })).id);
    for (const id of ids) await api(f.a.admin, "POST", "/api/scheduled-tasks/executions", { taskId: id });
    const one = scheduler({ processConcurrency: 2 });
    const other = scheduler({ processConcurrency: 2 });
    await one.tick();
    expect(one.running.size).toBe(2);
    await other.tick();
    expect(other.running.size).toBe(1);
    await Promise.all([one.drain(), other.drain()]);
    for (const id of ids) expect((await executions(id))[0].status).toBe("completed");
  });

  it("decision 114: a process claims an occurrence at its due time, not a poll interval later", async () => {
    const t = await create(f.a.admin, { name: "On the minute", schedule: "* * * * *" });
    const due = Date.parse("2026-06-01T08:01:00Z");
    expect(new Date(t.nextRunAt).getTime()).toBe(due);
    // Real time from 400 ms before the minute; the poll is a minute, so only the due-time wake can claim it.
    const s = new Scheduler({ clock: fastClock(due - 400, Date.now(), 1), orgIds: [f.a.id], pollMs: 60_000 });
    const began = Date.now();
    s.start();
    try {
      let rows: (typeof scheduledTaskExecution.$inferSelect)[] = [];
      while (!rows.length && Date.now() - began < 10_000) {
        await new Promise((r) => setTimeout(r, 50));
        rows = await db().select().from(scheduledTaskExecution).where(eq(scheduledTaskExecution.taskId, t.id));
      }
      expect(rows.map((r) => r.scheduledFor.getTime())).toEqual([due]);
      expect(Date.now() - began).toBeLessThan(10_000);
    } finally {
      s.stop();
      await s.drain();
    }
  });

  it("decision 104: started_at is when the run begins its conversation, not when a busy process marked it", async () => {
    const t = await create(f.a.admin, { name: "Marked early" });
    const marked = now - 30_000; // marked running, then waited half a minute for its process
    const [row] = await db()
      .insert(scheduledTaskExecution)
      .values({
        organizationId: f.a.id,
        taskId: t.id,
        scheduledFor: new Date(marked),
        status: "running",
        startedAt: new Date(marked),
        leaseOwner: "me",
        leaseExpiresAt: new Date(now + 60_000),
        attempts: 1,
      })
      .returning();
    await runExecution(row!, { clock, instanceId: "me" });
    const [run] = await executions(t.id);
    expect(run).toMatchObject({ status: "completed", startedAt: new Date(now).toISOString() });
  });

  it("decision 104: one heartbeat renews the lease of every run the process has going", async () => {
    const ids = [];
    for (let i = 0; i < 2; i++)
      ids.push((await create(f.a.admin, { name: `Beat ${i}`, prompt: `[slow] ${"a long prompt ".repeat(8)}` })).id);
    for (const id of ids) await api(f.a.admin, "POST", "/api/scheduled-tasks/executions", { taskId: id });
    const s = scheduler({ heartbeatMs: 20, leaseMs: 60_000 });
    await s.tick();
    expect(s.running.size).toBe(2);
    now += 10_000; // the clock moves on: a heartbeat now sets leases to now + 60 s (the runs take about a second)
    await new Promise((r) => setTimeout(r, 200));
    const leases = await db()
      .select({ lease: scheduledTaskExecution.leaseExpiresAt })
      .from(scheduledTaskExecution)
      .where(and(inArray(scheduledTaskExecution.taskId, ids), eq(scheduledTaskExecution.status, "running")));
    expect(leases.map((l) => l.lease!.getTime())).toEqual([now + 60_000, now + 60_000]);
    await s.drain();
  });

  it("decision 104 (addendum): runs started together each get their own task and creator, and record the tokens their reply stored", async () => {
    const mine = await create(f.a.member, { name: "Batch member", prompt: "member's prompt" });
    const theirs = await create(f.a.admin, { name: "Batch admin", prompt: "admin's prompt" });
    for (const t of [mine, theirs]) await api(f.a.admin, "POST", "/api/scheduled-tasks/executions", { taskId: t.id });
    await runAll(scheduler()); // one start marks both running; their context is loaded in one statement
    for (const [t, who, prompt] of [
      [mine, f.a.member, "member's prompt"],
      [theirs, f.a.admin, "admin's prompt"],
    ] as const) {
      const [row] = await db().select().from(scheduledTaskExecution).where(eq(scheduledTaskExecution.taskId, t.id));
      expect(row).toMatchObject({ status: "completed", error: null });
      const [conv] = await db()
        .select()
        .from(conversation)
        .where(and(eq(conversation.organizationId, f.a.id), eq(conversation.id, row!.conversationId!)));
      expect(conv).toMatchObject({ userId: who.userId, agentId, firstMessageText: prompt });
      const [reply] = await db()
        .select({ inputTokens: message.inputTokens, outputTokens: message.outputTokens })
        .from(message)
        .where(
          and(eq(message.organizationId, f.a.id), eq(message.conversationId, conv!.id), eq(message.role, "assistant")),
        );
      expect(reply!.outputTokens).toBeGreaterThan(0);
      expect(row).toMatchObject({ inputTokens: reply!.inputTokens, outputTokens: reply!.outputTokens });
    }
  });

  it("decision 114: a start returns each run's task and its creator as a member with the rows it marked", async () => {
    const mine = await create(f.a.member, { name: "Start member", prompt: "member's start" });
    const theirs = await create(f.a.admin, { name: "Start admin", prompt: "admin's start" });
    for (const t of [mine, theirs]) await api(f.a.admin, "POST", "/api/scheduled-tasks/executions", { taskId: t.id });
    const o = { now, limit: 10, instanceId: "start-114", leaseMs: 60_000, orgConcurrency: 5, orgIds: [f.a.id] };
    const { rows, contexts } = await markStarted(db(), o);
    expect(rows.map((r) => r.taskId).sort()).toEqual([mine.id, theirs.id].sort());
    for (const row of rows) {
      expect(row).toMatchObject({ status: "running", leaseOwner: "start-114", organizationId: f.a.id });
      const [t, who] = row.taskId === mine.id ? [mine, f.a.member] : [theirs, f.a.admin];
      const ctx = contexts.get(row.id)!;
      expect(ctx.task).toMatchObject({ id: t.id, organizationId: f.a.id, prompt: t.prompt, deletedAt: null });
      expect(ctx.who).toMatchObject({ user: { id: who.userId }, org: { id: f.a.id } });
      expect(isAdminRole(ctx.who!.role)).toBe(who === f.a.admin);
      await runExecution(row, { clock, instanceId: "start-114" }, ctx);
    }
    const [a, b] = [await executions(mine.id), await executions(theirs.id)];
    expect([a[0].status, b[0].status]).toEqual(["completed", "completed"]);
  });

  it("decision 109: a run's own rows take two statements: its begin (reservation and conversation) and its end (reply and outcome)", async () => {
    const t = await create(f.a.admin, { name: "Two statements", prompt: "count my statements" });
    const insert = (at: number) =>
      db()
        .insert(scheduledTaskExecution)
        .values({
          organizationId: f.a.id,
          taskId: t.id,
          scheduledFor: new Date(at),
          status: "running",
          startedAt: new Date(at),
          leaseOwner: "me",
          leaseExpiresAt: new Date(now + 60_000),
          attempts: 1,
        })
        .returning();
    const [warm] = await insert(now - 120_000);
    await runExecution(warm!, { clock, instanceId: "me" }); // the agent and model are cached from here on
    const [row] = await insert(now - 60_000);
    const context = (await loadRunContexts([row!])).get(row!.id); // the scheduler loads it for its batch
    // Every statement on the run's tables the process's handle sends meanwhile (not the stream hub's own
    // housekeeping: stored lines, heartbeats, which concern chat_stream alone and are shared by all replies).
    const client = (db() as unknown as { $client: unknown }).$client as {
      query: (q: unknown, ...rest: unknown[]) => Promise<unknown>;
    };
    const query = client.query;
    const texts: string[] = [];
    client.query = function (this: unknown, q: unknown, ...rest: unknown[]) {
      const text = typeof q === "string" ? q : (q as { text: string }).text;
      if (/"(scheduled_task_execution|scheduled_task|conversation|message|member)"/.test(text)) texts.push(text);
      return query.call(this, q, ...rest);
    };
    try {
      await runExecution(row!, { clock, instanceId: "me" }, context);
    } finally {
      client.query = query;
    }
    expect(texts.map((t) => t.slice(0, 100))).toHaveLength(2);
    expect(texts[0]).toMatch(
      /update "scheduled_task_execution".*insert into "conversation".*insert into "chat_stream"/s,
    );
    expect(texts[1]).toMatch(/update "message".*update "scheduled_task_execution".*update "chat_stream"/s);
    const [done] = await db().select().from(scheduledTaskExecution).where(eq(scheduledTaskExecution.id, row!.id));
    expect(done).toMatchObject({ status: "completed", error: null, leaseOwner: null });
    expect(done!.outputTokens).toBeGreaterThan(0);
    const [conv] = await db()
      .select()
      .from(conversation)
      .where(and(eq(conversation.organizationId, f.a.id), eq(conversation.id, done!.conversationId!)));
    expect(conv).toMatchObject({ userId: f.a.admin.userId, agentId, firstMessageText: "count my statements" });
  });

  it("decision 109: a start is one message to the database, so the organisation's lock is never held across a round trip", async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await create(f.a.admin, { name: `One message ${i}` })).id);
    for (const id of ids) await api(f.a.admin, "POST", "/api/scheduled-tasks/executions", { taskId: id });
    // PGlite takes several statements through exec(); a pg Pool through one query() on a connection it lends.
    type Conn = { query: (...a: unknown[]) => Promise<unknown>; release: () => void };
    const client = (db() as unknown as { $client: unknown }).$client as {
      query: (...a: unknown[]) => Promise<unknown>;
      exec?: (...a: unknown[]) => Promise<unknown>;
      connect?: () => Promise<Conn>;
    };
    const sent: string[] = [];
    const { query, exec, connect } = client;
    const keys = ["query", "exec", "connect"] as const;
    const own = keys.map((k) => Object.getOwnPropertyDescriptor(client, k));
    client.query = (...a) => (sent.push("query"), query.apply(client, a));
    if (exec) client.exec = (...a) => (sent.push("exec"), exec.apply(client, a));
    if (connect)
      // pool.query() lends itself a connection with a callback: passed through, uncounted (it is a query).
      client.connect = ((...a: unknown[]) => {
        if (a.length) return (connect as (...b: unknown[]) => unknown).apply(client, a);
        return connect.apply(client).then((conn) => ({
          query: (...q: unknown[]) => (sent.push("exec"), conn.query(...q)),
          release: () => conn.release(),
        }));
      }) as typeof connect;
    // Room for two more runs in the organisation (other tests' runs may still be going).
    const going = await db()
      .select({ id: scheduledTaskExecution.id })
      .from(scheduledTaskExecution)
      .where(and(eq(scheduledTaskExecution.organizationId, f.a.id), eq(scheduledTaskExecution.status, "running")));
    const s = scheduler({ orgConcurrency: going.length + 2 });
    let started: number;
    try {
      started = await s.startSome(10);
    } finally {
      keys.forEach((k, i) =>
        own[i] ? Object.defineProperty(client, k, own[i]) : delete (client as Record<string, unknown>)[k],
      );
    }
    await s.drain();
    expect(started).toBe(2); // the organisation's cap, chosen under its lock
    // The start's one message (then the batch's tasks and creators and the runs' own statements, as queries).
    expect(sent.filter((x) => x === "exec")).toHaveLength(1);
    await runAll(scheduler());
    for (const id of ids) expect(await executions(id)).toMatchObject([{ status: "completed" }]);
  });

  it("decision 042: a failed run emails the task's creator; notifyOnCompletion emails every run", async () => {
    const failing = await create(f.a.member, { name: "Fails", prompt: "[http500] please" });
    const chatty = await create(f.a.member, { name: "Chatty report", notifyOnCompletion: true });
    expect(chatty.notifyOnCompletion).toBe(true);
    await api(f.a.member, "POST", "/api/scheduled-tasks/executions", { taskId: failing.id });
    await api(f.a.member, "POST", "/api/scheduled-tasks/executions", { taskId: chatty.id });
    const mailer = createMailer({ url: smtp.url, from: "Switchboard <noreply@switchboard.test>" });
    await runAll(scheduler({ mailer, publicUrl: "http://localhost:3000" }));
    const [run] = await executions(failing.id);
    expect(run.status).toBe("failed");
    expect(run.error).toBeTruthy();
    const mail = await smtp.waitFor(f.a.member.email, /^Scheduled task "Fails" failed$/);
    expect(mail.text).toContain(`Error: ${run.error}`);
    expect(mail.text).toContain(`http://localhost:3000/chat/${run.conversationId}`);
    await smtp.waitFor(f.a.member.email, /^Scheduled task "Chatty report" completed$/);
  });
});

describe("schedule_task", () => {
  const toolCtx = (who: { userId: string; email: string }, orgId: string, agent: number, timeZone?: string) =>
    ({
      orgId,
      org: { id: orgId, name: "A" },
      user: { id: who.userId, name: "U", email: who.email },
      agentId: agent,
      conversationId: crypto.randomUUID(),
      toolCallId: "call-1",
      depth: 0,
      timeZone,
      abortSignal: new AbortController().signal,
    }) as ToolContext;

  it("[TOOL-38] [TOOLCARD-15] creates the task for real, for the calling user in the chat's organisation and zone; the result links to the tasks page", async () => {
    const input = scheduleTask.input.parse({ name: "From chat", prompt: "Daily summary", schedule: "weekdays" });
    const result = (await executeScheduleTask(input, toolCtx(f.a.member, f.a.id, agentId, "Asia/Kolkata"))) as any;
    expect(result).toMatchObject({
      status: "success",
      success: true,
      message: 'Task "From chat" created successfully',
      page: "/control-hub/scheduled-tasks",
      task: { name: "From chat", cron: "0 9 * * 1-5", readable: "Weekdays at 9:00 AM", timeZone: "Asia/Kolkata" },
    });
    expect(scheduleTaskResult.safeParse(result).success).toBe(true);
    const mine = (await api(f.a.member, "GET", `/api/scheduled-tasks/manage/${result.task.id}`)).body.task;
    expect(mine).toMatchObject({ createdBy: f.a.member.userId, agentId, prompt: "Daily summary" });
    // Organisation B never sees it.
    const inB = await call(ctx.app, "GET", `/api/scheduled-tasks/manage/${result.task.id}?orgId=${f.b.id}`, {
      token: f.b.admin.token,
    });
    expect(inB.status).toBe(404);
  });

  it("[TOOLCARD-47] a refused task reads Failed to schedule task. with the reason", async () => {
    const input = scheduleTask.input.parse({ name: "x", prompt: "y", schedule: "daily" });
    const other = await createAgent(ctx.app, f.b.admin, f.b.id);
    expect(await executeScheduleTask(input, toolCtx(f.a.member, f.a.id, other.id))).toEqual({
      status: "error",
      error: "Failed to schedule task. Agent not found",
    });
  });
});
