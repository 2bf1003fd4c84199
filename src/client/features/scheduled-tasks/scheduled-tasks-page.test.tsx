// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ScheduledTask } from "@/shared/scheduled-tasks";
import { mockFetch } from "@/client/test/fetch-mock";
import { ScheduledTasksPage } from "./scheduled-tasks-page";
import { AGENTS, describeCall, json, makeTask, renderWithOrg, type SentCall } from "./task-test-fixtures";

const { toast } = vi.hoisted(() => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock("sonner", () => ({ toast }));

const fetchMock = mockFetch();
let tasks: ScheduledTask[];
let listResponse: () => Promise<Response>;
/** Answers to writes, by "METHOD path"; default: success with the task. */
let writes: Record<string, () => Response>;
let sent: SentCall[];

const DIGEST = makeTask();
const REPORT = makeTask({
  id: 2,
  name: "Weekly Report",
  description: "For the team",
  agentName: "Drafter",
  schedule: "weekly",
  cron: "0 9 * * 1",
  enabled: false,
  lastRunAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
});

beforeEach(() => {
  tasks = [DIGEST, REPORT];
  sent = [];
  writes = {};
  listResponse = async () => json({ success: true, tasks });
  fetchMock.mockImplementation(async (url, init) => {
    const call = describeCall(url, init);
    sent.push(call);
    const key = `${call.method} ${call.path}`;
    if (writes[key]) return writes[key]();
    if (key === "GET /api/scheduled-tasks/manage") return listResponse();
    if (key === "GET /api/agents") return json(AGENTS);
    if (call.method === "GET" && call.path.startsWith("/api/scheduled-tasks/manage/")) {
      return json({ success: true, task: tasks.find((t) => `/api/scheduled-tasks/manage/${t.id}` === call.path) });
    }
    if (key === "POST /api/scheduled-tasks/executions") return json({ success: true, execution: {} });
    return json({ success: true, task: DIGEST });
  });
});
afterEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

const listFetches = () => sent.filter((c) => c.method === "GET" && c.path === "/api/scheduled-tasks/manage").length;
const row = (name: string) => screen.getByRole("cell", { name: new RegExp(`^${name}`) }).closest("tr")!;

async function openMenu(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: `Actions for ${name}` }));
  return { user, menu: await screen.findByRole("menu") };
}

describe("Scheduled Tasks list", () => {
  it("[TASK-01] [TASK-03] [TASK-04] [TASK-36] shows the title, Create Task, the search box and one row per task", async () => {
    renderWithOrg(<ScheduledTasksPage />);
    expect(screen.getByRole("heading", { name: "Scheduled Tasks" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create Task" })).toBeTruthy();
    expect(screen.getByRole("searchbox", { name: "Search tasks" }).getAttribute("placeholder")).toBe("Search tasks...");
    await screen.findByText("Morning Digest");
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Name",
      "Agent",
      "Schedule",
      "Status",
      "Last Run",
      "Actions",
    ]);
    const digest = within(row("Morning Digest"));
    expect(digest.getByText("Researcher")).toBeTruthy();
    expect(digest.getByText("Daily at 9:00 AM")).toBeTruthy();
    expect(digest.getByRole("switch", { name: "Enable Morning Digest" }).getAttribute("aria-checked")).toBe("true");
    expect(digest.getByText("Active")).toBeTruthy();
    expect(digest.getByText("Never")).toBeTruthy();
    const report = within(row("Weekly Report"));
    expect(report.getByText("Every Monday at 9:00 AM")).toBeTruthy();
    expect(report.getByRole("switch").getAttribute("aria-checked")).toBe("false");
    expect(report.getByText("Disabled")).toBeTruthy();
    expect(report.getByText("3h ago")).toBeTruthy();
  });

  it("[TASK-10] shows 3 skeleton rows while loading", async () => {
    listResponse = () => new Promise(() => {});
    renderWithOrg(<ScheduledTasksPage />);
    expect(screen.getAllByTestId("task-skeleton-row")).toHaveLength(3);
    expect(screen.getByRole("table").getAttribute("aria-busy")).toBe("true");
  });

  it("[TASK-08] with no tasks shows No scheduled tasks and the hint", async () => {
    tasks = [];
    renderWithOrg(<ScheduledTasksPage />);
    expect(await screen.findByText("No scheduled tasks")).toBeTruthy();
    expect(screen.getByText("Create your first scheduled task to get started")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("[TASK-02] [TASK-09] search filters on name, description or agent name, ignoring case; no match says so", async () => {
    const user = userEvent.setup();
    renderWithOrg(<ScheduledTasksPage />);
    await screen.findByText("Morning Digest");
    const search = screen.getByRole("searchbox", { name: "Search tasks" });
    await user.type(search, "DRAFTER");
    expect(screen.queryByText("Morning Digest")).toBeNull();
    expect(screen.getByText("Weekly Report")).toBeTruthy();
    await user.clear(search);
    await user.type(search, "the news");
    expect(screen.getByText("Morning Digest")).toBeTruthy();
    expect(screen.queryByText("Weekly Report")).toBeNull();
    await user.clear(search);
    await user.type(search, "weather");
    expect(screen.getByText("No tasks match your search")).toBeTruthy();
  });

  it("[TASK-11] [TASK-39] [TASK-40] a failed load shows the response's message, else the fallback", async () => {
    listResponse = async () => json({ message: "Scheduler offline", error: "other" }, 503);
    const first = renderWithOrg(<ScheduledTasksPage />);
    expect(await screen.findByText("Failed to load scheduled tasks: Scheduler offline")).toBeTruthy();
    first.unmount();

    listResponse = async () => json({ error: "Organization not found", code: "not_found" }, 404);
    const second = renderWithOrg(<ScheduledTasksPage />);
    expect(await screen.findByText("Failed to load scheduled tasks: Organization not found")).toBeTruthy();
    second.unmount();

    listResponse = async () => new Response("", { status: 500 });
    renderWithOrg(<ScheduledTasksPage />);
    expect(await screen.findByText("Failed to load scheduled tasks: Failed to fetch scheduled tasks")).toBeTruthy();
  });

  it("[TASK-06] the row menu has Run Now, View History, Edit and Delete; Run Now is disabled for a disabled task", async () => {
    renderWithOrg(<ScheduledTasksPage />);
    const { user, menu } = await openMenu("Morning Digest");
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((i) => i.textContent)).toEqual(["Run Now", "View History", "Edit", "Delete"]);
    expect(items[0]!.getAttribute("aria-disabled")).toBeNull();
    await user.keyboard("{Escape}");
    const other = await openMenu("Weekly Report");
    expect(within(other.menu).getByRole("menuitem", { name: "Run Now" }).getAttribute("aria-disabled")).toBe("true");
  });

  it("[TASK-12] [TASK-44] [TASK-38] [API-55] the switch toggles the task, toasts and refetches the list", async () => {
    const user = userEvent.setup();
    renderWithOrg(<ScheduledTasksPage />);
    await screen.findByText("Morning Digest");
    const before = listFetches();
    await user.click(screen.getByRole("switch", { name: "Enable Morning Digest" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Task "Morning Digest" disabled'));
    expect(sent.find((c) => c.path === "/api/scheduled-tasks/toggle")).toMatchObject({
      method: "POST",
      body: { taskId: 1, enabled: false },
    });
    expect(sent.find((c) => c.path === "/api/scheduled-tasks/toggle")!.params.get("orgId")).toBe("org_1");
    await waitFor(() => expect(listFetches()).toBeGreaterThan(before));

    await user.click(screen.getByRole("switch", { name: "Enable Weekly Report" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Task "Weekly Report" enabled'));
  });

  it("[TASK-44] [TASK-39] a refused toggle toasts the server's message, else the call's fallback", async () => {
    const user = userEvent.setup();
    writes["POST /api/scheduled-tasks/toggle"] = () => json({ error: "Task not found", code: "not_found" }, 404);
    renderWithOrg(<ScheduledTasksPage />);
    await user.click(await screen.findByRole("switch", { name: "Enable Morning Digest" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Task not found"));
    writes["POST /api/scheduled-tasks/toggle"] = () => new Response("", { status: 502 });
    await user.click(screen.getByRole("switch", { name: "Enable Morning Digest" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to toggle scheduled task"));
  });

  it("[TASK-45] [API-58] Run Now queues a run and toasts; a refusal toasts the server's message", async () => {
    renderWithOrg(<ScheduledTasksPage />);
    const { user, menu } = await openMenu("Morning Digest");
    await user.click(within(menu).getByRole("menuitem", { name: "Run Now" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Task "Morning Digest" scheduled for immediate execution'),
    );
    expect(sent.find((c) => c.method === "POST" && c.path === "/api/scheduled-tasks/executions")!.body).toEqual({
      taskId: 1,
    });

    writes["POST /api/scheduled-tasks/executions"] = () =>
      json({ error: "Task is already running", code: "conflict" }, 409);
    const again = await openMenu("Morning Digest");
    await again.user.click(within(again.menu).getByRole("menuitem", { name: "Run Now" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Task is already running"));

    writes["POST /api/scheduled-tasks/executions"] = () => new Response("", { status: 500 });
    const third = await openMenu("Morning Digest");
    await third.user.click(within(third.menu).getByRole("menuitem", { name: "Run Now" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to trigger task execution"));
  });

  it("[TASK-07] [TASK-43] [API-54] Delete asks with the spec's text, deletes and toasts", async () => {
    renderWithOrg(<ScheduledTasksPage />);
    const { user, menu } = await openMenu("Morning Digest");
    await user.click(within(menu).getByRole("menuitem", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog");
    expect(
      within(dialog).getByText(
        'Are you sure you want to delete "Morning Digest"? This action cannot be undone. All execution history will be preserved.',
      ),
    ).toBeTruthy();
    expect(sent.some((c) => c.method === "DELETE")).toBe(false);
    tasks = [REPORT];
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Task "Morning Digest" deleted successfully'));
    expect(sent.find((c) => c.method === "DELETE")!.path).toBe("/api/scheduled-tasks/manage/1");
    await waitFor(() => expect(screen.queryByText("Morning Digest")).toBeNull());
  });

  it("[TASK-43] a failed delete toasts the server's message, else the call's fallback", async () => {
    writes["DELETE /api/scheduled-tasks/manage/1"] = () => new Response("", { status: 500 });
    renderWithOrg(<ScheduledTasksPage />);
    const { user, menu } = await openMenu("Morning Digest");
    await user.click(within(menu).getByRole("menuitem", { name: "Delete" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to delete scheduled task"));
    expect(screen.getByText("Morning Digest")).toBeTruthy();
  });
});
