// /api/scheduled-tasks/* (hub §7): org-scoped; a member reaches only their own tasks, an admin all of
// the organisation's (decision 040). Bodies are checked with the task form's shared schema.
import { Hono, type Context } from "hono";
import type { AppEnv } from "../env";
import { requireOrg } from "../auth/context";
import { AppError } from "../errors";
import { parseJson } from "../http/parse";
import { isIntId } from "../../shared/ids";
import {
  EXECUTIONS_DEFAULT_LIMIT,
  EXECUTIONS_MAX_LIMIT,
  runTaskInput,
  scheduledTaskInput,
  toggleTaskInput,
} from "../../shared/scheduled-tasks";
import {
  createTask,
  deleteTask,
  executionStats,
  getTask,
  listExecutions,
  listTasks,
  queueRunNow,
  toggleTask,
  updateTask,
  type Viewer,
} from "./queries";
import { wakeScheduler } from "./scheduler";

const viewer = (c: Context<AppEnv>): Viewer => ({ orgId: c.var.org.id, userId: c.var.user.id, isAdmin: c.var.isAdmin });

/** A task id from the path or query; anything that cannot name a task is "Task not found". */
function taskId(raw: string | undefined): number {
  const n = Number(raw);
  if (!raw || !/^\d+$/.test(raw) || !isIntId(n)) throw new AppError("not_found", "Task not found");
  return n;
}

export const scheduledTaskRoutes = new Hono<AppEnv>()
  .get("/scheduled-tasks/manage", requireOrg, async (c) => c.json({ success: true, tasks: await listTasks(viewer(c)) }))
  .get("/scheduled-tasks/manage/:id", requireOrg, async (c) =>
    c.json({ success: true, task: await getTask(viewer(c), taskId(c.req.param("id"))) }),
  )
  .post("/scheduled-tasks/manage", requireOrg, async (c) => {
    const input = await parseJson(c, scheduledTaskInput);
    const task = await createTask(viewer(c), input);
    wakeScheduler();
    return c.json({ success: true, task }, 201);
  })
  .put("/scheduled-tasks/manage/:id", requireOrg, async (c) => {
    const id = taskId(c.req.param("id"));
    const input = await parseJson(c, scheduledTaskInput);
    return c.json({ success: true, task: await updateTask(viewer(c), id, input) });
  })
  .delete("/scheduled-tasks/manage/:id", requireOrg, async (c) => {
    await deleteTask(viewer(c), taskId(c.req.param("id")));
    return c.json({ success: true });
  })
  .post("/scheduled-tasks/toggle", requireOrg, async (c) => {
    const { taskId: id, enabled } = await parseJson(c, toggleTaskInput);
    return c.json({ success: true, task: await toggleTask(viewer(c), id, enabled) });
  })
  .get("/scheduled-tasks/executions", requireOrg, async (c) => {
    const id = taskId(c.req.query("taskId"));
    if (c.req.query("stats") === "true") {
      const sinceText = c.req.query("since");
      const since = sinceText ? new Date(sinceText) : null;
      if (since && Number.isNaN(since.getTime())) throw new AppError("bad_request", "since must be an ISO date");
      return c.json({ success: true, ...(await executionStats(viewer(c), id, since)) });
    }
    const limitText = c.req.query("limit");
    const limit = limitText === undefined ? EXECUTIONS_DEFAULT_LIMIT : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1)
      throw new AppError("bad_request", `limit must be a whole number from 1 to ${EXECUTIONS_MAX_LIMIT}`);
    return c.json({
      success: true,
      executions: await listExecutions(viewer(c), id, Math.min(limit, EXECUTIONS_MAX_LIMIT)),
    });
  })
  .post("/scheduled-tasks/executions", requireOrg, async (c) => {
    const { taskId: id } = await parseJson(c, runTaskInput);
    const execution = await queueRunNow(viewer(c), id);
    wakeScheduler();
    return c.json({ success: true, execution }, 201);
  });
