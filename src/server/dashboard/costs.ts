// GET /api/dashboard/getCosts: tokens × price per model for the dashboard's filter, per agent, user and
// scheduled task (decision 084). Tokens per model come from the rollup's root rows (a conversation with its
// sub-conversations, attributed like the tiles: to the conversation's agent and user); a run's conversation
// belongs to its task through the execution that started it.
import { eq, inArray, sql } from "drizzle-orm";
import { db } from "../db/client";
import { agent, conversationStats, scheduledTask, scheduledTaskExecution, user } from "../db/tables";
import { tokenCost } from "../../shared/models/prices";
import type { CostLine, CostReport } from "../../shared/dashboard/schema";
import { filterWhere, type DashboardFilter } from "./filters";
import { effectivePrices } from "../models/prices";

const s = conversationStats;
const e = scheduledTaskExecution;

type Row = {
  agent_id: number;
  user_id: string | null;
  task_id: number | null;
  model: string;
  input: string | number;
  output: string | number;
};

export async function getCosts(f: DashboardFilter & { byUser: boolean }): Promise<CostReport> {
  const result = await db().execute<Row>(sql`
    select ${s.agentId} as agent_id, ${s.userId} as user_id, ${e.taskId} as task_id, k.model,
      sum(coalesce((${s.modelInputTokens} ->> k.model)::bigint, 0)) as input,
      sum(coalesce((${s.modelOutputTokens} ->> k.model)::bigint, 0)) as output
    from ${s}
    cross join lateral jsonb_object_keys(${s.modelInputTokens} || ${s.modelOutputTokens}) as k(model)
    left join ${e} on ${e.organizationId} = ${s.organizationId} and ${e.conversationId} = ${s.conversationId}
    where ${filterWhere(f)}
    group by 1, 2, 3, 4`);
  const rows = result.rows;
  const userIds = [...new Set(rows.map((r) => r.user_id).filter((id): id is string => !!id))];
  const [prices, agents, users, tasks] = await Promise.all([
    effectivePrices(f.orgId),
    agentsOf(f.orgId),
    f.byUser ? userNames(userIds) : new Map<string, string>(),
    rows.some((r) => r.task_id !== null) ? taskNames(f.orgId) : new Map<string, string>(),
  ]);

  const byAgent = new Map<string, CostLine>();
  const byUser = new Map<string, CostLine>();
  const byTask = new Map<string, CostLine>();
  const unpriced = new Set<string>();
  let total = 0;
  const add = (map: Map<string, CostLine>, id: string, name: string, i: number, o: number, cost: number) => {
    const line = map.get(id) ?? { id, name, inputTokens: 0, outputTokens: 0, cost: 0 };
    line.inputTokens += i;
    line.outputTokens += o;
    line.cost += cost;
    map.set(id, line);
  };
  for (const r of rows) {
    const agentId = String(r.agent_id);
    // A message that named no model (written before models were recorded) is priced as its agent's model.
    const model = r.model || agents.get(agentId)?.model || "";
    const i = Number(r.input);
    const o = Number(r.output);
    const price = prices.get(model);
    if (!price && i + o > 0) unpriced.add(model || "unknown");
    const cost = price ? tokenCost(price, i, o) : 0;
    total += cost;
    add(byAgent, agentId, agents.get(agentId)?.name ?? `Agent ${agentId}`, i, o, cost);
    if (f.byUser) {
      const uid = r.user_id ?? "";
      add(byUser, uid, users.get(uid) ?? "Deleted user", i, o, cost);
    }
    if (r.task_id !== null) {
      const tid = String(r.task_id);
      add(byTask, tid, tasks.get(tid) ?? `Task ${tid}`, i, o, cost);
    }
  }
  const sorted = (m: Map<string, CostLine>) =>
    [...m.values()]
      .map((l) => ({ ...l, cost: round(l.cost) }))
      .sort((a, b) => b.cost - a.cost || a.name.localeCompare(b.name));
  return {
    currency: "USD",
    totalCost: round(total),
    byAgent: sorted(byAgent),
    byUser: f.byUser ? sorted(byUser) : null,
    byTask: sorted(byTask),
    unpricedModels: [...unpriced].sort(),
  };
}

/** To a millionth of a dollar: sums of floats should not show 0.30000000000000004. */
const round = (v: number) => Math.round(v * 1_000_000) / 1_000_000;

async function agentsOf(orgId: string) {
  const rows = await db()
    .select({ id: agent.id, name: agent.name, model: agent.model })
    .from(agent)
    .where(eq(agent.organizationId, orgId));
  return new Map(rows.map((r) => [String(r.id), r]));
}

async function taskNames(orgId: string) {
  const rows = await db()
    .select({ id: scheduledTask.id, name: scheduledTask.name })
    .from(scheduledTask)
    .where(eq(scheduledTask.organizationId, orgId));
  return new Map(rows.map((r) => [String(r.id), r.name]));
}

/** Names of the users the organisation's own rows point at (ids read from its rollup, never from a request). */
async function userNames(ids: string[]) {
  if (!ids.length) return new Map<string, string>();
  const rows = await db()
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(inArray(user.id, ids));
  return new Map(rows.map((r) => [r.id, r.name?.trim() || r.email]));
}
