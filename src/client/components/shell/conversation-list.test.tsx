// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { SIDEBAR_STORAGE_KEY } from "@/shared/shell/constants";
import { SidebarProvider } from "@/client/components/ui/sidebar-context";
import type { ConversationListItem } from "@/client/api/conversations";
import { jsonResponse, mockFetch } from "@/client/test/fetch-mock";
import { ConversationList } from "./conversation-list";

const { toast, refreshConversations } = vi.hoisted(() => ({
  toast: { success: vi.fn(), error: vi.fn() },
  refreshConversations: vi.fn(),
}));
vi.mock("@/client/api/conversations", async (importActual) => ({
  ...(await importActual<object>()),
  refreshConversations,
}));
vi.mock("sonner", () => ({ toast }));

const fetchMock = mockFetch();
/** The calls sent: URL, method and parsed body. */
const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => [
    String(url),
    init?.method,
    init?.body ? JSON.parse(String(init.body)) : undefined,
  ]);

const items: ConversationListItem[] = [
  { id: "11111111-aaaa", name: "  Budget review ", agentName: "Analyst", agentLogoUrl: "https://example.com/logo.png" },
  { id: "22222222-bbbb", firstMessageText: "hello there", agentName: "Helper" },
  { id: "33333333-cccc", agentName: "" },
];

function stubConfirm<T extends (message?: string) => boolean>(fn: T): T {
  Object.defineProperty(window, "confirm", { value: fn, configurable: true, writable: true });
  return fn;
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderList(props: Partial<Parameters<typeof ConversationList>[0]> = {}, path = "/dashboard") {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SidebarProvider>
        <ConversationList orgId="org1" conversations={items} isLoading={false} {...props} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </SidebarProvider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  window.localStorage.setItem(SIDEBAR_STORAGE_KEY, "true");
  document.cookie = "sidebar_state=; max-age=0; path=/";
  toast.success.mockReset();
  toast.error.mockReset();
  refreshConversations.mockReset();
});
afterEach(cleanup);

describe("ConversationList", () => {
  it("[CONV-16] shows Loading…, then No conversations when empty, then the items", () => {
    const { rerender } = renderList({ conversations: undefined, isLoading: true });
    expect(screen.getByText("Loading…")).toBeTruthy();
    rerender(
      <MemoryRouter>
        <SidebarProvider>
          <ConversationList orgId="org1" conversations={[]} isLoading={false} />
        </SidebarProvider>
      </MemoryRouter>,
    );
    expect(screen.getByText("No conversations")).toBeTruthy();
    cleanup();
    renderList();
    expect(screen.getAllByRole("link")).toHaveLength(3);
  });

  it("[CONV-01] [CONV-02] items link to /chat/{id}, carry the title rule, and only the open one is active", () => {
    renderList({}, "/chat/22222222-bbbb");
    const links = screen.getAllByRole("link");
    expect(links.map((l) => l.textContent)).toEqual(["Budget review", "hello there", "Chat 33333333"]);
    expect(links.map((l) => l.getAttribute("href"))).toEqual([
      "/chat/11111111-aaaa",
      "/chat/22222222-bbbb",
      "/chat/33333333-cccc",
    ]);
    expect(links.map((l) => l.getAttribute("aria-current"))).toEqual([null, "page", null]);
  });

  it("[CONV-03] shows the agent logo when there is one, else the default chat icon", () => {
    renderList();
    const [withLogo, withoutLogo] = screen.getAllByRole("link");
    expect(within(withLogo!).getByTestId("agent-logo").getAttribute("src")).toBe("https://example.com/logo.png");
    expect(within(withoutLogo!).getByTestId("default-chat-icon")).toBeTruthy();
  });

  it("[CONV-03] a logo that fails to load falls back to the default chat icon (issue 17 #8)", () => {
    renderList();
    const [withLogo] = screen.getAllByRole("link");
    fireEvent.error(within(withLogo!).getByTestId("agent-logo"));
    expect(within(withLogo!).getByTestId("default-chat-icon")).toBeTruthy();
    expect(within(withLogo!).queryByTestId("agent-logo")).toBeNull();
  });

  it("[CONV-04] the menu is there when expanded and absent when collapsed", () => {
    renderList();
    expect(screen.getAllByRole("button", { name: /^Options for / })).toHaveLength(3);
    cleanup();
    window.localStorage.setItem(SIDEBAR_STORAGE_KEY, "false");
    renderList();
    expect(screen.getAllByRole("link")).toHaveLength(3);
    expect(screen.queryByRole("button", { name: /^Options for / })).toBeNull();
  });

  it("[CONV-05] [CONV-07] [CONV-08] the menu offers Copy link, Rename, Delete; Rename pre-fills and saves", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => jsonResponse({ success: true }));
    renderList();
    await user.click(screen.getByRole("button", { name: "Options for Budget review" }));
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((i) => i.textContent),
    ).toEqual(["Copy link", "Rename", "Delete"]);
    await user.click(within(menu).getByRole("menuitem", { name: "Rename" }));
    const dialog = await screen.findByRole("dialog");
    const field = within(dialog).getByRole("textbox", { name: "Name" }) as HTMLInputElement;
    expect(field.value).toBe("  Budget review ");
    expect(field.placeholder).toBe("Name (optional)");
    await user.clear(field);
    await user.type(field, "Q3 budget");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent()).toEqual([
      ["/api/renameConversation?orgId=org1", "PATCH", { threadId: "11111111-aaaa", name: "Q3 budget" }],
    ]);
    expect(refreshConversations).toHaveBeenCalledWith("org1");
    expect(toast.success).toHaveBeenCalledWith("Conversation renamed");
  });

  it("[CONV-07] [CONV-10] an unnamed conversation's dialog starts empty; a failed save keeps it open", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => jsonResponse({ error: "Conversation not found", code: "not_found" }, 404));
    renderList();
    await user.click(screen.getByRole("button", { name: "Options for hello there" }));
    await user.click(await screen.findByRole("menuitem", { name: "Rename" }));
    const dialog = await screen.findByRole("dialog");
    expect((within(dialog).getByRole("textbox", { name: "Name" }) as HTMLInputElement).value).toBe("");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Conversation not found"));
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(refreshConversations).not.toHaveBeenCalled();
  });

  it("[CONV-12] [CONV-13] deleting the open conversation confirms, refreshes and goes to /chat", async () => {
    const user = userEvent.setup();
    const confirm = stubConfirm(vi.fn(() => true));
    fetchMock.mockImplementation(async () => jsonResponse({ success: true }));
    renderList({}, "/chat/22222222-bbbb");
    await user.click(screen.getByRole("button", { name: "Options for hello there" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/chat"));
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this conversation?");
    expect(sent()).toEqual([["/api/deleteConversation?threadId=22222222-bbbb&orgId=org1", "PATCH", undefined]]);
    expect(refreshConversations).toHaveBeenCalledWith("org1");
    expect(toast.success).toHaveBeenCalledWith("Conversation deleted");
  });

  it("[CONV-12] deleting another conversation stays put; declining sends nothing", async () => {
    const user = userEvent.setup();
    stubConfirm(vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true));
    fetchMock.mockImplementation(async () => jsonResponse({ success: true }));
    renderList({}, "/chat/22222222-bbbb");
    await user.click(screen.getByRole("button", { name: "Options for Budget review" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Options for Budget review" }));
    await user.click(await screen.findByRole("menuitem", { name: "Delete" }));
    await waitFor(() => expect(refreshConversations).toHaveBeenCalled());
    expect(screen.getByTestId("where").textContent).toBe("/chat/22222222-bbbb");
  });

  it("[CONV-06] Copy link writes the absolute URL and toasts", async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    renderList();
    await user.click(screen.getByRole("button", { name: "Options for Chat 33333333" }));
    await user.click(await screen.findByRole("menuitem", { name: "Copy link" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Link copied to clipboard!"));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/chat/33333333-cccc`);
  });
});
