import { beforeEach, describe, expect, it, vi } from "vitest";

const { toast } = vi.hoisted(() => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock("sonner", () => ({ toast }));

import { jsonResponse, mockFetch } from "@/client/test/fetch-mock";
import {
  conversationUrl,
  deleteConversation,
  DELETE_CONVERSATION_CONFIRM,
  renameConversation,
} from "./conversation-actions";

const fetchMock = mockFetch();
const ok = () => jsonResponse({ success: true });
const failure = (data: unknown) =>
  typeof data === "string" ? new Response(data, { status: 502 }) : jsonResponse(data, 404);
/** The calls sent: URL, method and parsed body. */
const sent = () =>
  fetchMock.mock.calls.map(([url, init]) => [
    String(url),
    init?.method,
    init?.body ? JSON.parse(String(init.body)) : undefined,
  ]);

beforeEach(() => {
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
    fetchMock.mockImplementation(async () => ok());
    await expect(renameConversation("org1", "t1", "  My  chat ")).resolves.toBe(true);
    expect(sent()).toEqual([["/api/renameConversation?orgId=org1", "PATCH", { threadId: "t1", name: "  My  chat " }]]);
    expect(toast.success).toHaveBeenCalledWith("Conversation renamed");
  });

  it("[CONV-09] accepts an empty name and a very long one", async () => {
    fetchMock.mockImplementation(async () => ok());
    await expect(renameConversation("org1", "t1", "")).resolves.toBe(true);
    await expect(renameConversation("org1", "t1", "x".repeat(5000))).resolves.toBe(true);
    expect(sent()[1]![2].name).toHaveLength(5000);
  });

  it("[CONV-10] a failed rename toasts the server's error, else the fallback", async () => {
    fetchMock.mockResolvedValueOnce(failure({ error: "Conversation not found" }));
    await expect(renameConversation("org1", "t1", "x")).resolves.toBe(false);
    expect(toast.error).toHaveBeenLastCalledWith("Conversation not found");
    fetchMock.mockResolvedValueOnce(failure("Bad gateway"));
    await renameConversation("org1", "t1", "x");
    expect(toast.error).toHaveBeenLastCalledWith("Failed to rename conversation");
    expect(toast.success).not.toHaveBeenCalled();
  });

  it("[CONV-11] an exception toasts the generic rename error", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
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
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("[CONV-13] a confirmed delete sends PATCH ?threadId= and toasts success", async () => {
    fetchMock.mockImplementation(async () => ok());
    await expect(deleteConversation("org1", "t 1", () => true)).resolves.toBe(true);
    expect(sent()).toEqual([["/api/deleteConversation?threadId=t%201&orgId=org1", "PATCH", undefined]]);
    expect(toast.success).toHaveBeenCalledWith("Conversation deleted");
  });

  it("[CONV-14] a failed delete toasts the server's error, else the fallback", async () => {
    fetchMock.mockResolvedValueOnce(failure({ error: "Conversation not found" }));
    await expect(deleteConversation("org1", "t1", () => true)).resolves.toBe(false);
    expect(toast.error).toHaveBeenLastCalledWith("Conversation not found");
    fetchMock.mockResolvedValueOnce(failure(null));
    await deleteConversation("org1", "t1", () => true);
    expect(toast.error).toHaveBeenLastCalledWith("Failed to delete conversation");
  });

  it("[CONV-15] an exception toasts the generic delete error", async () => {
    fetchMock.mockRejectedValue(new Error("boom"));
    await expect(deleteConversation("org1", "t1", () => true)).resolves.toBe(false);
    expect(toast.error).toHaveBeenCalledWith("An error occurred while deleting the conversation");
  });
});
