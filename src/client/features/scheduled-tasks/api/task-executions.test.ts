import { describe, expect, it } from "vitest";
import { EXECUTIONS_MAX_LIMIT } from "@/shared/scheduled-tasks";
import { executionStatsKey, executionsKey } from "./task-executions";

describe("execution keys", () => {
  it("[TASK-35] [API-56] history asks for 50 by default and the dialog's 100 when told", () => {
    expect(executionsKey("org_1", 4)).toBe("/api/scheduled-tasks/executions?taskId=4&limit=50&orgId=org_1");
    expect(executionsKey("org_1", 4, EXECUTIONS_MAX_LIMIT)).toBe(
      "/api/scheduled-tasks/executions?taskId=4&limit=100&orgId=org_1",
    );
  });

  it("[API-57] stats ask with stats=true, the task and an ISO since", () => {
    const key = executionStatsKey("org_1", 4, "2026-11-01T00:00:00.000Z");
    const params = new URL(key, "http://x").searchParams;
    expect([params.get("stats"), params.get("taskId"), params.get("since"), params.get("orgId")]).toEqual([
      "true",
      "4",
      "2026-11-01T00:00:00.000Z",
      "org_1",
    ]);
  });
});
