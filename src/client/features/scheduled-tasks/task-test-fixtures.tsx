// What the task screens' tests render with: tasks and executions as the API returns them, the signed-in
// admin of Acme, and a fresh SWR cache that does not retry (a failure shows at once).
import type { ReactNode } from "react";
import { render } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { SWRConfig } from "swr";
import type { Agent } from "@/shared/agents/schema";
import type { ScheduledTask, TaskExecution } from "@/shared/scheduled-tasks";
import { ActiveOrgProvider } from "@/client/components/shell/active-org";
import { jsonResponse } from "@/client/test/fetch-mock";
import { makeOrg, makeUser } from "@/client/test/org-fixtures";

export const ORG = makeOrg();

export function makeTask(overrides: Partial<ScheduledTask> = {}): ScheduledTask {
  return {
    id: 1,
    name: "Morning Digest",
    description: "Summarise the news",
    agentId: 7,
    agentName: "Researcher",
    prompt: "Summarise yesterday's news",
    schedule: "daily",
    cron: "0 9 * * *",
    enabled: true,
    lastRunAt: null,
    timeZone: "Europe/Berlin",
    nextRunAt: "2026-11-27T08:00:00.000Z",
    notifyOnCompletion: false,
    createdBy: "u1",
    createdAt: "2026-11-01T00:00:00.000Z",
    updatedAt: "2026-11-01T00:00:00.000Z",
    ...overrides,
  };
}

export function makeExecution(overrides: Partial<TaskExecution> = {}): TaskExecution {
  return {
    id: 1,
    taskId: 1,
    scheduledFor: "2026-11-26T08:00:00.000Z",
    startedAt: "2026-11-26T08:00:01.000Z",
    completedAt: "2026-11-26T08:01:06.000Z",
    status: "completed",
    error: null,
    conversationId: "conv-1",
    metadata: { trigger: "schedule", totalTokens: 120 },
    ...overrides,
  };
}

export const AGENTS = [
  { id: 7, name: "Researcher", logoUrl: "", stage: "released", deletedAt: null },
  { id: 8, name: "Drafter", logoUrl: "https://example.com/d.png", stage: "development", deletedAt: null },
] as unknown as Agent[];

export function renderWithOrg(ui: ReactNode) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
      <MemoryRouter>
        <ActiveOrgProvider user={makeUser({ organizations: [ORG] })} org={ORG}>
          {ui}
        </ActiveOrgProvider>
      </MemoryRouter>
    </SWRConfig>,
  );
}

export interface SentCall {
  path: string;
  params: URLSearchParams;
  method: string;
  body: unknown;
}

/** Splits a mocked fetch call into what a test checks. */
export function describeCall(url: unknown, init: RequestInit | undefined): SentCall {
  const u = new URL(String(url), "http://localhost");
  return {
    path: u.pathname,
    params: u.searchParams,
    method: init?.method ?? "GET",
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  };
}

export const json = jsonResponse;
