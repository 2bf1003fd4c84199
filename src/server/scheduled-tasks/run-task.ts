// One run of a task: the task's agent answers the prompt in a new conversation owned by the task's
// creator (the chat's own reply machinery, so it shows in their conversation list), and the execution
// records the outcome, tokens and duration. Only the process holding the lease begins the conversation and
// writes the outcome (decision 075).
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { db } from "../db/client";
import { member, organization, scheduledTask, scheduledTaskExecution, user } from "../db/tables";
import { log } from "../logger";
import { AppError } from "../errors";
import { isAdminRole } from "../../shared/roles";
import { startChat } from "../chat/start-chat";
import type { ReplyOutcome } from "../chat/run-reply";
import type { Mailer } from "../email/mailer";
import type { Clock } from "./clock";
import { notifyCreator } from "./notify";

export interface RunDeps {
  /** Sends the failure (and, when the task asks, completion) emails; none without SMTP. */
  mailer?: Mailer | null;
  publicUrl?: string;
}

type ExecutionRow = typeof scheduledTaskExecution.$inferSelect;
type TaskRow = typeof scheduledTask.$inferSelect;

/** What a run needs before it begins: its task and the task's creator as a member (null when gone). */
export interface RunContext {
  task: TaskRow | null;
  who: { user: typeof user.$inferSelect; org: typeof organization.$inferSelect; role: string } | null;
}

/**
 * The tasks and creators of a batch of executions the scheduler just started, in one statement (decision
 * 104's addendum): per run it was two, each queued on the process's pool before the run could begin.
 * Scoped by organisation: each execution's task is looked up in its own organisation.
 */
export async function loadRunContexts(rows: ExecutionRow[]): Promise<Map<number, RunContext>> {
  const byOrg = new Map<string, number[]>();
  for (const r of rows) byOrg.set(r.organizationId, [...(byOrg.get(r.organizationId) ?? []), r.taskId]);
  const found = rows.length
    ? await db()
        .select({ task: scheduledTask, user, org: organization, role: member.role })
        .from(scheduledTask)
        .leftJoin(
          member,
          and(eq(member.organizationId, scheduledTask.organizationId), eq(member.userId, scheduledTask.createdBy)),
        )
        .leftJoin(user, eq(user.id, member.userId))
        .leftJoin(organization, eq(organization.id, member.organizationId))
        .where(
          or(
            ...[...byOrg].map(([orgId, ids]) =>
              and(eq(scheduledTask.organizationId, orgId), inArray(scheduledTask.id, [...new Set(ids)])),
            ),
          ),
        )
    : [];
  const key = (orgId: string, taskId: number) => `${orgId} ${taskId}`;
  const tasks = new Map(found.map((f) => [key(f.task.organizationId, f.task.id), f]));
  return new Map(
    rows.map((r) => {
      const f = tasks.get(key(r.organizationId, r.taskId));
      const who = f?.user && f.org && f.role !== null ? { user: f.user, org: f.org, role: f.role } : null;
      return [r.id, { task: f?.task ?? null, who }];
    }),
  );
}

export const INTERRUPTED_ERROR =
  "Interrupted: the server running this task stopped before the run finished. It was not run again, so that nothing the agent did is done twice.";

export async function runExecution(
  row: ExecutionRow,
  deps: RunDeps & { clock: Clock; instanceId: string },
  /** Loaded with its batch by the start (start.ts, decision 114); looked up here when absent. */
  context?: RunContext,
) {
  let startedAt = row.startedAt?.getTime() ?? deps.clock.now();
  const mine = and(
    eq(scheduledTaskExecution.id, row.id),
    eq(scheduledTaskExecution.leaseOwner, deps.instanceId),
    eq(scheduledTaskExecution.status, "running"),
  );
  const { task, who } = context ?? (await loadRunContexts([row])).get(row.id)!;

  let status: "completed" | "failed" = "failed";
  let error: string | null = null;
  let conversationId: string | null = null;
  let reservedId: string | null = null;
  let tokens = { inputTokens: 0, outputTokens: 0 };
  let completedAt = 0;
  let durationMs = 0;
  const settle = (o: { status: ReplyOutcome["status"]; error: string | null }) => {
    if (o.status === "complete") status = "completed";
    else error = o.error ?? (o.status === "aborted" ? "The run was stopped" : "The run failed");
  };
  /** The outcome's update, only by the lease holder (see its where clause); returns the row written. */
  const outcome = () => {
    completedAt = deps.clock.now();
    durationMs = Math.max(0, completedAt - startedAt);
    return db()
      .update(scheduledTaskExecution)
      .set({
        status,
        error,
        completedAt: new Date(completedAt),
        durationMs,
        conversationId,
        inputTokens: tokens.inputTokens,
        outputTokens: tokens.outputTokens,
        leaseOwner: null,
        leaseExpiresAt: null,
        metadata: {
          ...row.metadata,
          durationMs,
          ...tokens,
          totalTokens: tokens.inputTokens + tokens.outputTokens,
          attempts: row.attempts,
        },
      })
      .where(
        reservedId
          ? or(
              mine,
              // Recovery took this run for a dead server's (its heartbeat was late) and failed it as
              // interrupted; it never runs again once its conversation began, so this run is the only one and
              // its real outcome replaces the guess.
              and(
                eq(scheduledTaskExecution.id, row.id),
                eq(scheduledTaskExecution.status, "failed"),
                eq(scheduledTaskExecution.error, INTERRUPTED_ERROR),
                eq(scheduledTaskExecution.conversationId, reservedId),
              ),
            )
          : mine,
      )
      .returning({ id: scheduledTaskExecution.id });
  };
  /** Whether the outcome was written: with the reply's end (decision 109), or here when that did not happen. */
  let written: boolean | null = null;
  try {
    if (!task || task.deletedAt) throw new AppError("not_found", "The task was deleted");
    if (!who) throw new AppError("forbidden", "The task's creator is no longer a member of this organization");
    // The conversation's id is recorded under the lease (decision 075) in the very statement that creates
    // the conversation, its user message and the reply's rows (decision 109): the thread is inserted from
    // the reservation's row, so a run whose lease was taken (its heartbeat was late) finds no row, begins
    // nothing, and the statement fails on the messages' foreign key. Recovery restarts only an execution
    // without a conversation id, and an execution has one exactly when its conversation exists.
    // started_at is when the run begins its work, this statement (decision 104).
    const begins = deps.clock.now();
    const id = randomUUID();
    const reservation = db()
      .$with("reserved")
      .as(
        db()
          .update(scheduledTaskExecution)
          .set({ conversationId: id, startedAt: new Date(begins) })
          .where(and(mine, isNull(scheduledTaskExecution.conversationId)))
          .returning({ id: scheduledTaskExecution.id }),
      );
    let chat: Awaited<ReturnType<typeof startChat>>;
    try {
      chat = await startChat(
        { agentId: task.agentId, threadId: null, messages: [{ role: "user", content: task.prompt }] },
        {
          user: { id: who.user.id, name: who.user.name, email: who.user.email },
          org: { id: who.org.id, name: who.org.name, slug: who.org.slug, logo: who.org.logo ?? null },
          isAdmin: isAdminRole(who.role),
        },
        {
          newConversationId: id,
          begin: reservation,
          // The outcome goes in the statement that ends the reply: one commit for both (decision 109).
          end: (o) => {
            // (Set below too, once startChat returns; the reply cannot end before that.)
            conversationId = reservedId = id;
            startedAt = begins;
            settle(o);
            tokens = { ...o.usage };
            const cte = db().$with("run_outcome").as(outcome());
            return { rows: [cte], count: sql<number>`(select count(*) from ${cte})::int` };
          },
        },
      );
    } catch (err) {
      if (isForeignKeyViolation(err)) {
        log.warn("scheduled task run lost its lease before it began", { execution: row.id });
        return;
      }
      throw err;
    }
    conversationId = reservedId = id;
    startedAt = begins;
    const ended = await chat.done;
    if (ended.endCount !== null) written = ended.endCount > 0;
    else {
      // Not written with the reply's end (that statement failed): written below, with the tokens the
      // reply stored (none).
      status = "failed";
      error = null;
      settle(ended);
      tokens = ended.stored;
    }
  } catch (err) {
    // Refused before its conversation was begun (the agent was deleted, …): no conversation to link.
    error = err instanceof Error ? err.message : String(err);
  }

  if (written === null) written = (await outcome()).length > 0;
  if (!written) {
    log.warn("scheduled task run finished after losing its lease", { execution: row.id });
    return;
  }
  if (task && !task.deletedAt && (status === "failed" || task.notifyOnCompletion)) {
    await notifyCreator({ task, execution: { ...row, status, error, conversationId, durationMs }, deps }).catch(
      (err: unknown) => log.warn("scheduled task email failed", { execution: row.id, error: String(err) }),
    );
  }
}

/** PostgreSQL's foreign_key_violation, on the error or the driver error drizzle wraps. */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === "23503") return true;
  return false;
}
