import { beforeEach, describe, expect, it, vi } from "vitest";

const { authFetch, toast } = vi.hoisted(() => ({
  authFetch: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock("./api", async (importActual) => ({ ...(await importActual<object>()), authFetch }));
vi.mock("sonner", () => ({ toast }));

import { conversationUrl, deleteConversation, DELETE_CONVERSATION_CONFIRM, renameConversation } from "./conversation-actions";

const failure = (data: unknown) => ({ ok: false, status: 404, statusText: "Not Found", data });

beforeEach(() => {
  authFetch.mockReset();
  toast.success.mockReset();
  toast.error.mockReset();
});

describe("conversationUrl", () => {
  it("[CONV-06] is the absolute URL of /chat/{id} on the app's origin", () => {
    expect(conversationUrl("abc-123", "https://sb.example.com")).toBe("https://sb.example.com/chat/abc-123");
  });
});

describe("renameConversation", () => {
  it("[CONV-08] [CONV-09] sends the name as typed and toasts success", async () => {
    authFetch.mockResolvedValue({ success: true });
    await expect(renameConversation("org1", "t1", "  My  chat ")).resolves.toBe(true);
    expect(authFetch).toHaveBeenCalledWith("/api/renameConversation?orgId=org1", { method: "PATCH", body: { threadId: "t1", name: "  My  chat " } });
    expect(toast.success).toHaveBeenCalledWith("Conversation renamed");
  });

  it("[CONV-09] accepts an empty name and a very long one", async () => {
    authFetch.mockResolvedValue({ success: true });
    await expect(renameConversation("org1", "t1", "")).resolves.toBe(true);
    await expect(renameConversation("org1", "t1", "x".repeat(5000))).resolves.toBe(true);
    expect(authFetch.mock.calls[1]![1].body.name).toHaveLength(5000);
  });

  it("[CONV-10] a failed rename toasts the server's error, else the fallback", async () => {
    authFetch.mockResolvedValueOnce(failure({ error: "Conversation not found" }));
    await expect(renameConversation("org1", "t1", "x")).resolves.toBe(false);
    expect(toast.error).toHaveBeenLastCalledWith("Conversation not found");
    authFetch.mockResolvedValueOnce(failure("Bad gateway"));
    await renameConversation("org1", "t1", "x");
    expect(toast.error).toHaveBeenLastCalledWith("Failed to rename conversation");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("[CONV-11] an exception toasts the generic rename error", async () => {
    authFetch.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(renameConversation("org1", "t1", "x")).resolves.toBe(false);
    expect(toast.error).toHaveBeenCalledWith("An error occurred while renaming the conversation");
  });
});

describe("deleteConversation", () => {
  it("[CONV-12] asks for confirmation and sends nothing when declined", async () => {
    const confirm = vi.fn(() => false);
    await expect(deleteConversation("org1", "t1", confirm)).resolves.toBe(false);
    expect(confirm).toHaveBeenCalledWith("Are you sure you want to delete this conversation?");
    expect(DELETE_CONVERSATION_CONFIRM).toBe("Are you sure you want to delete this conversation?");
    expect(authFetch).not.toHaveBeenCalled();
  });

  it("[CONV-13] a confirmed delete sends PATCH ?threadId= and toasts success", async () => {
    authFetch.mockResolvedValue({ success: true });
    await expect(deleteConversation("org1", "t 1", () => true)).resolves.toBe(true);
    expect(authFetch).toHaveBeenCalledWith("/api/deleteConversation?threadId=t%201&orgId=org1", { method: "PATCH" });
    expect(toast.success).toHaveBeenCalledWith("Conversation deleted");
  });

  it("[CONV-14] a failed delete toasts the server's error, else the fallback", async () => {
    authFetch.mockResolvedValueOnce(failure({ error: "Conversation not found" }));
    await expect(deleteConversation("org1", "t1", () => true)).resolves.toBe(false);
    expect(toast.error).toHaveBeenLastCalledWith("Conversation not found");
    authFetch.mockResolvedValueOnce(failure(null));
    await deleteConversation("org1", "t1", () => true);
    expect(toast.error).toHaveBeenLastCalledWith("Failed to delete conversation");
  });

  it("[CONV-15] an exception toasts the generic delete error", async () => {
    authFetch.mockRejectedValue(new Error("boom"));
    await expect(deleteConversation("org1", "t1", () => true)).resolves.toBe(false);
    expect(toast.error).toHaveBeenCalledWith("An error occurred while deleting the conversation");
  });
});
