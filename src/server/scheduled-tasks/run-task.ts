// One run of a task: the task's agent answers the prompt in a new conversation owned by the task's
// creator (the chat's own reply machinery, so it shows in their conversation list), and the execution
// records the outcome, tokens and duration. Only the process holding the lease begins the conversation and
// writes the outcome (decision 075).
import { newRowId } from "../db/row-id";
import { and, eq, inArray, isNull, or, sql, type Query } from "drizzle-orm";
import { db } from "../db/client";
import { ph as p, runFilled, setPh as v } from "../db/named-query";
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

/** A run whose conversation could not begin while it held its lease (its creator or organisation went). */
export const BEGIN_REFUSED_ERROR =
  "The run could not begin: the task's creator or organization was removed as it started.";

export const INTERRUPTED_ERROR =
  "Interrupted: the server running this task stopped before the run finished. It was not run again, so that nothing the agent did is done twice.";

/**
 * The run's reservation, the gate its conversation is begun behind (decision 109), with placeholders: built
 * once per process with the statement that begins the conversation (decision 124). Only the lease holder
 * reserves, and only once.
 */
function reservation() {
  return db()
    .$with("reserved")
    .as(
      db()
        .update(scheduledTaskExecution)
        .set({ conversationId: v("run_conversationId"), startedAt: v("run_startedAt") })
        .where(
          and(
            eq(scheduledTaskExecution.id, p("run_id")),
            eq(scheduledTaskExecution.leaseOwner, p("run_instance")),
            eq(scheduledTaskExecution.status, "running"),
            isNull(scheduledTaskExecution.conversationId),
          ),
        )
        .returning({ id: scheduledTaskExecution.id }),
    );
}

/**
 * The run's outcome, with placeholders (decision 124): written by the lease holder, or over recovery's
 * guess. Recovery took the run for a dead server's (its heartbeat was late) and failed it as interrupted;
 * it never runs again once its conversation began, so this run is the only one and its real outcome
 * replaces the guess. (`run_conversationId` null: no conversation, the lease holder's row only.)
 */
function outcomeUpdate() {
  return db()
    .update(scheduledTaskExecution)
    .set({
      status: v("run_status"),
      error: v("run_error"),
      completedAt: v("run_completedAt"),
      durationMs: v("run_durationMs"),
      conversationId: v("run_conversationId"),
      inputTokens: v("run_inputTokens"),
      outputTokens: v("run_outputTokens"),
      leaseOwner: null,
      leaseExpiresAt: null,
      metadata: v("run_metadata"),
    })
    .where(
      or(
        and(
          eq(scheduledTaskExecution.id, p("run_id")),
          eq(scheduledTaskExecution.leaseOwner, p("run_instance")),
          eq(scheduledTaskExecution.status, "running"),
        ),
        and(
          eq(scheduledTaskExecution.id, p("run_id")),
          eq(scheduledTaskExecution.status, "failed"),
          eq(scheduledTaskExecution.error, INTERRUPTED_ERROR),
          eq(scheduledTaskExecution.conversationId, p("run_conversationId")),
        ),
      ),
    )
    .returning({ id: scheduledTaskExecution.id });
}

/** The outcome on its own (a run refused before it began, or whose reply's end failed). */
let outcomeAlone: Query | undefined;

export async function runExecution(
  row: ExecutionRow,
  deps: RunDeps & { clock: Clock; instanceId: string },
  /** Loaded with its batch by the start (start.ts, decision 114); looked up here when absent. */
  context?: RunContext,
) {
  let startedAt = row.startedAt?.getTime() ?? deps.clock.now();
  const { task, who } = context ?? (await loadRunContexts([row])).get(row.id)!;

  let status: "completed" | "failed" = "failed";
  let error: string | null = null;
  let conversationId: string | null = null;
  let tokens = { inputTokens: 0, outputTokens: 0 };
  let completedAt = 0;
  let durationMs = 0;
  const settle = (o: { status: ReplyOutcome["status"]; error: string | null }) => {
    if (o.status === "complete") status = "completed";
    else error = o.error ?? (o.status === "aborted" ? "The run was stopped" : "The run failed");
  };
  /** The outcome's values (the statement's where clause lets only the lease holder write it). */
  const outcomeValues = () => {
    completedAt = deps.clock.now();
    durationMs = Math.max(0, completedAt - startedAt);
    return {
      run_id: row.id,
      run_instance: deps.instanceId,
      run_status: status,
      run_error: error,
      run_completedAt: new Date(completedAt),
      run_durationMs: durationMs,
      run_conversationId: conversationId,
      run_inputTokens: tokens.inputTokens,
      run_outputTokens: tokens.outputTokens,
      run_metadata: {
        ...row.metadata,
        durationMs,
        ...tokens,
        totalTokens: tokens.inputTokens + tokens.outputTokens,
        attempts: row.attempts,
      },
    };
  };
  const outcome = async () => {
    outcomeAlone ??= outcomeUpdate().toSQL();
    return runFilled(outcomeAlone, outcomeValues());
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
    const id = newRowId();
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
          begin: {
            key: "scheduled-run",
            build: reservation,
            values: {
              run_conversationId: id,
              run_startedAt: new Date(begins),
              run_id: row.id,
              run_instance: deps.instanceId,
            },
          },
          // The outcome goes in the statement that ends the reply: one commit for both (decision 109).
          end: {
            key: "scheduled-run",
            build: () => {
              const cte = db().$with("run_outcome").as(outcomeUpdate());
              return { rows: [cte], count: sql<number>`(select count(*) from ${cte})::int` };
            },
            values: (o) => {
              // (Set below too, once startChat returns; the reply cannot end before that.)
              conversationId = id;
              startedAt = begins;
              settle(o);
              tokens = { ...o.usage };
              return outcomeValues();
            },
          },
        },
      );
    } catch (err) {
      // The begin wrote nothing. Its lease was taken (the reservation found no row), or what the
      // conversation names went as it began (its creator's account, the organisation): the outcome below
      // is written only while the lease is still this process's, so the first case writes nothing and
      // the second fails the run now instead of leaving it running until recovery.
      if (isForeignKeyViolation(err)) throw new AppError("conflict", BEGIN_REFUSED_ERROR);
      throw err;
    }
    conversationId = id;
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
