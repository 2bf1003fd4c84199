import type { TenancyCases, TenancyRequest } from "../test/tenancy-types";
import type { TestContext } from "../test/context";
import type { OrgFixture, TenancyFixture } from "../test/tenancy-fixture";
import { call } from "../test/http";
import { createAgent } from "../test/seed";

// Each case seeds its own task in A; ids live here between seed, attacks and the intact check.
const ids: Record<string, { task: number; agent: number; name: string }> = {};

async function seedTask(ctx: TestContext, a: OrgFixture, key: string, as: "admin" | "member" = "admin") {
  const agent = await createAgent(ctx.app, a.admin, a.id, { name: `Tenant A task agent ${key}` });
  const name = `Tenant A task ${key} ${agent.id}`;
  const res = await call(ctx.app, "POST", `/api/scheduled-tasks/manage?orgId=${a.id}`, {
    token: a[as].token,
    body: { name, agentId: agent.id, prompt: `tenant-a-prompt-${key}`, schedule: "0 3 1 1 *", timeZone: "UTC" },
  });
  if (res.status !== 201) throw new Error(res.text);
  ids[key] = { task: res.body.task.id, agent: agent.id, name };
  return [name, `tenant-a-prompt-${key}`];
}

/** The same request aimed at A's task with A's org id, with none, and with the attacker's own (B). */
function everyOrg(f: TenancyFixture, method: string, path: (orgQuery: string) => string, body?: unknown) {
  return [`orgId=${f.a.id}`, "", `orgId=${f.b.id}`].map((q): TenancyRequest => ({ method, path: path(q), body }));
}

const taskBody = (key: string, name = "Hijacked") => ({
  name,
  agentId: ids[key]!.agent,
  prompt: "stolen",
  schedule: "hourly",
});

const intact = (key: string) => async (ctx: TestContext, f: TenancyFixture) => {
  const res = await call(ctx.app, "GET", `/api/scheduled-tasks/manage/${ids[key]!.task}?orgId=${f.a.id}`, {
    token: f.a.admin.token,
  });
  if (res.status !== 200 || res.body.task.name !== ids[key]!.name || res.body.task.enabled !== true)
    throw new Error(`task ${key} changed: ${res.text}`);
  const runs = await call(ctx.app, "GET", `/api/scheduled-tasks/executions?taskId=${ids[key]!.task}&orgId=${f.a.id}`, {
    token: f.a.admin.token,
  });
  if (runs.body.executions.length) throw new Error(`task ${key} was run: ${runs.text}`);
};

const q = (query: string, sep = "?") => (query ? `${sep}${query}` : "");

export const scheduledTaskTenancyCases: TenancyCases = {
  "GET /api/scheduled-tasks/manage": {
    seed: (ctx, a) => seedTask(ctx, a, "list"),
    attacks: (f) => everyOrg(f, "GET", (o) => `/api/scheduled-tasks/manage${q(o)}`),
    control: (f) => ({ method: "GET", path: `/api/scheduled-tasks/manage?orgId=${f.a.id}` }),
    sameOrg: {
      seed: (ctx, a) => seedTask(ctx, a, "list-own"),
      attacks: (f) => [{ method: "GET", path: `/api/scheduled-tasks/manage?orgId=${f.a.id}` }],
      control: (f) => ({ method: "GET", path: `/api/scheduled-tasks/manage?orgId=${f.a.id}` }),
    },
  },
  "GET /api/scheduled-tasks/manage/:id": {
    seed: (ctx, a) => seedTask(ctx, a, "get"),
    attacks: (f) => everyOrg(f, "GET", (o) => `/api/scheduled-tasks/manage/${ids.get!.task}${q(o)}`),
    control: (f) => ({ method: "GET", path: `/api/scheduled-tasks/manage/${ids.get!.task}?orgId=${f.a.id}` }),
    sameOrg: {
      seed: (ctx, a) => seedTask(ctx, a, "get-own"),
      attacks: (f) => [{ method: "GET", path: `/api/scheduled-tasks/manage/${ids["get-own"]!.task}?orgId=${f.a.id}` }],
      control: (f) => ({ method: "GET", path: `/api/scheduled-tasks/manage/${ids["get-own"]!.task}?orgId=${f.a.id}` }),
    },
  },
  "POST /api/scheduled-tasks/manage": {
    seed: (ctx, a) => seedTask(ctx, a, "create"),
    // A's agent id in a task of B (or of A without membership): refused, nothing of A returned.
    attacks: (f) => everyOrg(f, "POST", (o) => `/api/scheduled-tasks/manage${q(o)}`, taskBody("create", "Intruder")),
    control: (f) => ({
      method: "POST",
      path: `/api/scheduled-tasks/manage?orgId=${f.a.id}`,
      body: { ...taskBody("create", "Control task"), prompt: "tenant-a-prompt-create" },
    }),
  },
  "PUT /api/scheduled-tasks/manage/:id": {
    seed: (ctx, a) => seedTask(ctx, a, "put"),
    attacks: (f) => everyOrg(f, "PUT", (o) => `/api/scheduled-tasks/manage/${ids.put!.task}${q(o)}`, taskBody("put")),
    intact: intact("put"),
    sameOrg: {
      seed: (ctx, a) => seedTask(ctx, a, "put-own"),
      attacks: (f) => [
        {
          method: "PUT",
          path: `/api/scheduled-tasks/manage/${ids["put-own"]!.task}?orgId=${f.a.id}`,
          body: taskBody("put-own"),
        },
      ],
      control: (f) => ({ method: "GET", path: `/api/scheduled-tasks/manage/${ids["put-own"]!.task}?orgId=${f.a.id}` }),
    },
  },
  "DELETE /api/scheduled-tasks/manage/:id": {
    seed: (ctx, a) => seedTask(ctx, a, "delete"),
    attacks: (f) => everyOrg(f, "DELETE", (o) => `/api/scheduled-tasks/manage/${ids.delete!.task}${q(o)}`),
    intact: intact("delete"),
  },
  "POST /api/scheduled-tasks/toggle": {
    seed: (ctx, a) => seedTask(ctx, a, "toggle"),
    attacks: (f) =>
      everyOrg(f, "POST", (o) => `/api/scheduled-tasks/toggle${q(o)}`, { taskId: ids.toggle!.task, enabled: false }),
    intact: intact("toggle"),
  },
  "GET /api/scheduled-tasks/executions": {
    seed: (ctx, a) => seedTask(ctx, a, "history"),
    attacks: (f) => [
      ...everyOrg(f, "GET", (o) => `/api/scheduled-tasks/executions?taskId=${ids.history!.task}${q(o, "&")}`),
      ...everyOrg(
        f,
        "GET",
        (o) => `/api/scheduled-tasks/executions?stats=true&taskId=${ids.history!.task}${q(o, "&")}`,
      ),
    ],
    // The task's facts are not in its history: the control proves the call reads A's task (A's id in the body).
    control: (f) => ({
      method: "GET",
      path: `/api/scheduled-tasks/manage/${ids.history!.task}?orgId=${f.a.id}`,
    }),
    intact: intact("history"),
  },
  "POST /api/scheduled-tasks/executions": {
    seed: (ctx, a) => seedTask(ctx, a, "run"),
    attacks: (f) => everyOrg(f, "POST", (o) => `/api/scheduled-tasks/executions${q(o)}`, { taskId: ids.run!.task }),
    intact: intact("run"),
  },
};
