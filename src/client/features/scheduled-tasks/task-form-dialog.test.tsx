// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockFetch } from "@/client/test/fetch-mock";
import { ScheduledTasksPage } from "./scheduled-tasks-page";
import { AGENTS, describeCall, json, makeTask, renderWithOrg, type SentCall } from "./task-test-fixtures";

const { toast } = vi.hoisted(() => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock("sonner", () => ({ toast }));

// Several dialogs per test on a shared, busy machine.
vi.setConfig({ testTimeout: 30_000 });

const fetchMock = mockFetch();
/** Types a whole value at once (keystroke by keystroke is slow and adds nothing here). */
const fill = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
const TASK = makeTask({ timeZone: "America/New_York", notifyOnCompletion: true });
let sent: SentCall[];
let saveResponse: () => Response;

beforeEach(() => {
  sent = [];
  saveResponse = () => json({ success: true, task: makeTask({ id: 5, name: "Digest" }) }, 201);
  fetchMock.mockImplementation(async (url, init) => {
    const call = describeCall(url, init);
    sent.push(call);
    if (call.path === "/api/agents") return json(AGENTS);
    if (call.method === "GET" && call.path === "/api/scheduled-tasks/manage")
      return json({ success: true, tasks: [TASK] });
    if (call.method === "POST" || call.method === "PUT") return saveResponse();
    return json({ success: true, task: TASK });
  });
});
afterEach(() => {
  toast.success.mockReset();
  toast.error.mockReset();
});

async function openCreate() {
  const user = userEvent.setup();
  renderWithOrg(<ScheduledTasksPage />);
  await screen.findByText(TASK.name);
  await user.click(screen.getByRole("button", { name: "Create Task" }));
  const dialog = await screen.findByRole("dialog");
  return { user, dialog: within(dialog) };
}

async function chooseAgent(user: ReturnType<typeof userEvent.setup>, dialog: ReturnType<typeof within>, name: string) {
  await user.click(dialog.getByRole("combobox", { name: "Agent" }));
  await user.click(await screen.findByRole("option", { name: new RegExp(name) }));
}

const submit = (dialog: ReturnType<typeof within>, label = "Create Task") =>
  dialog.getByRole("button", { name: label }) as HTMLButtonElement;

describe("Create/Edit Task dialog", () => {
  it("[TASK-13] [TASK-15] [TASK-16] has every field, the schedule placeholder and hint, Cancel and Create Task", async () => {
    const { dialog } = await openCreate();
    expect(dialog.getByRole("heading", { name: "Create Task" })).toBeTruthy();
    expect(dialog.getByLabelText("Task Name")).toBeTruthy();
    expect(dialog.getByRole("combobox", { name: "Agent" })).toBeTruthy();
    expect(dialog.getByLabelText("Description (optional)")).toBeTruthy();
    expect(dialog.getByRole("group", { name: "Quick presets" })).toBeTruthy();
    const schedule = dialog.getByLabelText("Schedule Expression");
    expect(schedule.getAttribute("placeholder")).toBe("0 9 * * * (daily at 9 AM) or use presets above");
    expect(dialog.getByText(/simple terms like daily, hourly, weekly/)).toBeTruthy();
    expect(dialog.getByRole("region", { name: "Schedule Preview" })).toBeTruthy();
    expect(dialog.getByLabelText("Prompt")).toBeTruthy();
    expect(dialog.getByText("The message sent to the agent each time the task runs.")).toBeTruthy();
    expect(dialog.getByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(submit(dialog).disabled).toBe(true);
  });

  it("[TASK-14] the agent select lists the agents with logo, name and stage badge", async () => {
    const { user, dialog } = await openCreate();
    await user.click(dialog.getByRole("combobox", { name: "Agent" }));
    const options = await screen.findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["ResearcherActive", "DrafterDevelopment"]);
    expect(within(options[0]!).getByTestId("agent-default-logo")).toBeTruthy();
    expect(options[1]!.querySelector("img")?.getAttribute("src")).toBe("https://example.com/d.png");
  });

  it("[TASK-21] [TASK-22] [TASK-23] [TASK-17] the preview follows the schedule live; presets fill it and clear its error", async () => {
    const { user, dialog } = await openCreate();
    const preview = dialog.getByRole("region", { name: "Schedule Preview" });
    const schedule = dialog.getByLabelText("Schedule Expression") as HTMLInputElement;
    fill(dialog.getByLabelText("Task Name"), "Digest");
    await chooseAgent(user, dialog, "Researcher");
    fill(dialog.getByLabelText("Prompt"), "Summarise the news");

    fill(schedule, "0 9 * *");
    expect(preview.textContent).toContain(
      'Invalid cron expression: expected 5 parts (minute hour day month weekday), got 4. Try using presets like "daily", "hourly", or "weekly".',
    );
    expect(schedule.getAttribute("aria-invalid")).toBe("true");
    expect(submit(dialog).disabled).toBe(true);

    await user.click(
      within(dialog.getByRole("group", { name: "Quick presets" })).getByRole("button", { name: "Weekdays" }),
    );
    expect(schedule.value).toBe("0 9 * * 1-5");
    expect(schedule.getAttribute("aria-invalid")).toBeNull();
    expect(preview.textContent).toContain("Weekdays at 9:00 AM");
    expect(preview.textContent).toContain("0 9 * * 1-5");
    expect(preview.textContent).not.toContain("Invalid");
    expect(submit(dialog).disabled).toBe(false);

    fill(schedule, "  Daily ");
    expect(preview.textContent).toContain("Daily at 9:00 AM");
    expect(preview.textContent).toContain("0 9 * * *");
  });

  it("[TASK-18] [TASK-19] shows the spec's messages for the fields touched", async () => {
    const { user, dialog } = await openCreate();
    const name = dialog.getByLabelText("Task Name");
    fill(name, "x");
    await user.clear(name);
    expect(dialog.getByText("Name is required")).toBeTruthy();
    fill(name, "y".repeat(101));
    expect(dialog.getByText("Name must be less than 100 characters")).toBeTruthy();
    await user.click(dialog.getByLabelText("Prompt"));
    await user.click(dialog.getByLabelText("Schedule Expression"));
    await user.tab();
    expect(dialog.getByText("Prompt is required")).toBeTruthy();
    expect(dialog.getByText("Schedule is required")).toBeTruthy();
    expect(submit(dialog).disabled).toBe(true);
  });

  it("[TASK-41] [TASK-20] [API-52] creates with the fields, enabled and the viewer's time zone; toasts and refetches", async () => {
    const { user, dialog } = await openCreate();
    fill(dialog.getByLabelText("Task Name"), "Digest");
    await chooseAgent(user, dialog, "Drafter");
    await user.click(dialog.getByRole("button", { name: "Hourly" }));
    fill(dialog.getByLabelText("Prompt"), "Summarise the news");
    const before = sent.filter((c) => c.method === "GET" && c.path === "/api/scheduled-tasks/manage").length;
    await user.click(submit(dialog));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Task "Digest" created successfully'));
    const post = sent.find((c) => c.method === "POST")!;
    expect(post.path).toBe("/api/scheduled-tasks/manage");
    expect(post.body).toEqual({
      name: "Digest",
      description: "",
      agentId: 8,
      prompt: "Summarise the news",
      schedule: "0 * * * *",
      enabled: true,
      notifyOnCompletion: false,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent.filter((c) => c.method === "GET" && c.path === "/api/scheduled-tasks/manage").length).toBeGreaterThan(
      before,
    );
  });

  it("[TASK-41] [TASK-39] a refused create toasts the server's message and keeps the dialog open", async () => {
    saveResponse = () => json({ error: "Agent not found", code: "bad_request" }, 400);
    const { user, dialog } = await openCreate();
    fill(dialog.getByLabelText("Task Name"), "Digest");
    await chooseAgent(user, dialog, "Researcher");
    await user.click(dialog.getByRole("button", { name: "Daily" }));
    fill(dialog.getByLabelText("Prompt"), "Go");
    await user.click(submit(dialog));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Agent not found"));
    expect(screen.getByRole("dialog")).toBeTruthy();

    saveResponse = () => new Response("", { status: 500 });
    await user.click(submit(dialog));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to create scheduled task"));
  });

  it("[TASK-16] [TASK-42] [API-53] Edit starts from the task, keeps its time zone and updates with PUT", async () => {
    const user = userEvent.setup();
    saveResponse = () => json({ success: true, task: TASK });
    renderWithOrg(<ScheduledTasksPage />);
    await user.click(await screen.findByRole("button", { name: `Actions for ${TASK.name}` }));
    await user.click(await screen.findByRole("menuitem", { name: "Edit" }));
    const dialog = within(await screen.findByRole("dialog"));
    expect(dialog.getByRole("heading", { name: "Edit Task" })).toBeTruthy();
    expect((dialog.getByLabelText("Task Name") as HTMLInputElement).value).toBe(TASK.name);
    expect(dialog.getByRole("combobox", { name: "Agent" }).textContent).toContain("Researcher");
    expect((dialog.getByLabelText("Schedule Expression") as HTMLInputElement).value).toBe("daily");
    expect(dialog.getByRole("region", { name: "Schedule Preview" }).textContent).toContain("America/New_York");
    fill(dialog.getByLabelText("Prompt"), "New prompt");
    await user.click(submit(dialog, "Update Task"));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Task updated successfully"));
    const put = sent.find((c) => c.method === "PUT")!;
    expect(put.path).toBe("/api/scheduled-tasks/manage/1");
    expect(put.body).toMatchObject({ prompt: "New prompt", timeZone: "America/New_York", notifyOnCompletion: true });
  });

  it("[TASK-42] a refused update toasts the call's fallback when the server says nothing", async () => {
    const user = userEvent.setup();
    saveResponse = () => new Response("", { status: 500 });
    renderWithOrg(<ScheduledTasksPage />);
    await user.click(await screen.findByRole("button", { name: `Actions for ${TASK.name}` }));
    await user.click(await screen.findByRole("menuitem", { name: "Edit" }));
    const dialog = within(await screen.findByRole("dialog"));
    await user.click(submit(dialog, "Update Task"));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to update scheduled task"));
  });
});
