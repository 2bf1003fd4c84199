// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ExecutionStats, TaskExecution } from "@/shared/scheduled-tasks";
import { mockFetch } from "@/client/test/fetch-mock";
import { HISTORY_POLL_MS, TaskHistoryDialog } from "./task-history-dialog";
import { describeCall, json, makeExecution, makeTask, renderWithOrg, type SentCall } from "./task-test-fixtures";

vi.setConfig({ testTimeout: 30_000 });

const fetchMock = mockFetch();
const TASK = makeTask();
let sent: SentCall[];
let executions: () => Response;
let stats: () => ExecutionStats;

const STATS: ExecutionStats = { total: 3, completed: 2, failed: 1, running: 0, pending: 0, skipped: 0 };

beforeEach(() => {
  sent = [];
  stats = () => STATS;
  executions = () => json({ success: true, executions: [] });
  fetchMock.mockImplementation(async (url, init) => {
    const call = describeCall(url, init);
    sent.push(call);
    if (call.path === "/api/scheduled-tasks/executions" && call.params.get("stats") === "true")
      return json({ success: true, ...stats() });
    if (call.path === "/api/scheduled-tasks/executions") return executions();
    if (call.path === "/api/scheduled-tasks/manage/1") return json({ success: true, task: TASK });
    return json({ success: true, tasks: [TASK] });
  });
});

const openHistory = () => renderWithOrg(<TaskHistoryDialog open task={TASK} onOpenChange={() => {}} />);

describe("History dialog", () => {
  it("[TASK-24] [TASK-25] [TASK-26] [TASK-35] [API-56] [API-57] shows the task's facts and five stat tiles; loads 100 executions", async () => {
    openHistory();
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByRole("heading", { name: "Morning Digest" })).toBeTruthy();
    expect(dialog.getByText("Summarise the news")).toBeTruthy();
    expect(dialog.getByText("Daily at 9:00 AM")).toBeTruthy();
    expect(dialog.getByText("Researcher")).toBeTruthy();
    const tiles = ["Total", "Completed", "Failed", "Running", "Success Rate"];
    await waitFor(() => expect(dialog.getByRole("group", { name: "Success Rate" }).textContent).toContain("66.7%"));
    expect(tiles.map((t) => dialog.getByRole("group", { name: t }).textContent)).toEqual([
      "Total3",
      "Completed2",
      "Failed1",
      "Running0",
      "Success Rate66.7%",
    ]);
    const list = sent.find((c) => c.path === "/api/scheduled-tasks/executions" && !c.params.has("stats"))!;
    expect(list.params.get("taskId")).toBe("1");
    expect(list.params.get("limit")).toBe("100");
    const statsCall = sent.find((c) => c.params.get("stats") === "true")!;
    expect(statsCall.params.get("taskId")).toBe("1");
    expect(new Date(statsCall.params.get("since")!).toISOString()).toBe(statsCall.params.get("since"));
  });

  it('[TASK-26] [TASK-32] with no executions: "No executions" and the empty texts', async () => {
    stats = () => ({ total: 0, completed: 0, failed: 0, running: 0, pending: 0, skipped: 0 });
    openHistory();
    const dialog = within(await screen.findByRole("dialog"));
    expect(await dialog.findByText("No executions yet")).toBeTruthy();
    expect(
      dialog.getByText("This task hasn't been executed yet. Check back after the next scheduled run."),
    ).toBeTruthy();
    await waitFor(() =>
      expect(dialog.getByRole("group", { name: "Success Rate" }).textContent).toBe("Success RateNo executions"),
    );
  });

  it("[TASK-33] [TASK-40] a failed history load says so with the response's message or the fallback", async () => {
    executions = () => json({ error: "Task not found", code: "not_found" }, 404);
    const first = openHistory();
    expect(await screen.findByText("Failed to load execution history: Task not found")).toBeTruthy();
    first.unmount();
    executions = () => new Response("", { status: 500 });
    openHistory();
    expect(await screen.findByText("Failed to load execution history: Failed to fetch task executions")).toBeTruthy();
  });

  it("[TASK-27] [TASK-28] [TASK-29] [TASK-30] [TASK-31] [TASK-34] groups by day newest first, with status, duration, View Chat and Details", async () => {
    const runs: TaskExecution[] = [
      makeExecution({
        id: 1,
        scheduledFor: "2026-11-24T12:00:00.000Z",
        startedAt: "2026-11-24T12:00:00.000Z",
        completedAt: "2026-11-24T12:00:42.000Z",
      }),
      makeExecution({
        id: 2,
        scheduledFor: "2026-11-26T12:00:00.000Z",
        startedAt: "2026-11-26T12:00:00.000Z",
        completedAt: "2026-11-26T12:02:05.000Z",
        status: "failed",
        error: "Model provider refused the request",
        conversationId: "conv-2",
        metadata: { trigger: "manual", attempts: 1 },
      }),
      makeExecution({
        id: 3,
        scheduledFor: "2026-11-26T10:00:00.000Z",
        status: "mystery" as never,
        conversationId: null,
      }),
    ];
    executions = () => json({ success: true, executions: runs });
    openHistory();
    const dialog = within(await screen.findByRole("dialog"));
    await dialog.findAllByTestId("execution-row");
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const dayLabel = (iso: string) =>
      new Intl.DateTimeFormat("en-US", { dateStyle: "full", timeZone: tz }).format(new Date(iso));
    const headings = dialog.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual([dayLabel("2026-11-26T12:00:00.000Z"), dayLabel("2026-11-24T12:00:00.000Z")]);
    expect(dialog.getAllByRole("table")[0]!.querySelectorAll("th")).toHaveLength(4);
    expect([...dialog.getAllByRole("table")[0]!.querySelectorAll("th")].map((th) => th.textContent)).toEqual([
      "Scheduled Time",
      "Status",
      "Duration",
      "Actions",
    ]);

    const rows = dialog.getAllByTestId("execution-row");
    expect(rows.map((r) => r.querySelector("[data-status]")!.getAttribute("data-status"))).toEqual([
      "failed",
      "pending",
      "completed",
    ]);
    expect(rows.map((r) => r.children[2]!.textContent)).toEqual(["2m 5s", "1m 5s", "42s"]);

    const viewChat = within(rows[0]!).getByRole("link", { name: "View Chat" });
    expect(viewChat.getAttribute("href")).toBe("/chat/conv-2");
    expect(viewChat.getAttribute("target")).toBe("_blank");
    expect(viewChat.getAttribute("rel")).toContain("noopener");
    expect(within(rows[1]!).queryByRole("link", { name: "View Chat" })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(rows[0]!).getByRole("button", { name: "Details" }));
    expect(dialog.getByText("Model provider refused the request")).toBeTruthy();
    expect(
      dialog.getByText(
        (_, el) =>
          el?.tagName === "PRE" && el.textContent === JSON.stringify({ trigger: "manual", attempts: 1 }, null, 2),
      ),
    ).toBeTruthy();
  });

  it("[TASK-34] a running execution updates live: the dialog polls until it completes", async () => {
    let calls = 0;
    const running = makeExecution({ id: 9, status: "running", startedAt: new Date().toISOString(), completedAt: null });
    executions = () => {
      calls += 1;
      const done = {
        ...running,
        status: "completed" as const,
        completedAt: new Date(Date.parse(running.startedAt!) + 3000).toISOString(),
      };
      return json({ success: true, executions: [calls < 2 ? running : done] });
    };
    stats = () => (calls < 2 ? { ...STATS, running: 1 } : { ...STATS, completed: 3, total: 4 });
    openHistory();
    const dialog = within(await screen.findByRole("dialog"));
    await waitFor(() =>
      expect(dialog.getByTestId("execution-row").querySelector("[data-status]")!.getAttribute("data-status")).toBe(
        "running",
      ),
    );
    await waitFor(
      () =>
        expect(dialog.getByTestId("execution-row").querySelector("[data-status]")!.getAttribute("data-status")).toBe(
          "completed",
        ),
      { timeout: 8000 },
    );
    expect(dialog.getByTestId("execution-row").children[2]!.textContent).toBe("3s");
    await waitFor(() => expect(dialog.getByRole("group", { name: "Completed" }).textContent).toBe("Completed3"));
    // Settled: back to the slow poll.
    const polled = calls;
    await new Promise((r) => setTimeout(r, HISTORY_POLL_MS + 1000));
    expect(calls).toBe(polled);
  });
});
