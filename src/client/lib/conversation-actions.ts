// The sidebar's per-conversation actions (chat spec §2 "Conversation list item", §8). Each one toasts its
// own outcome with the spec's texts and tells the caller whether it succeeded, so that the caller only
// refreshes and navigates.
import { toast } from "sonner";
import * as conversations from "@/client/api/conversations";
import { errorMessage, HttpError } from "./api";

export const DELETE_CONVERSATION_CONFIRM = "Are you sure you want to delete this conversation?";

/** The absolute URL of /chat/{id} on this origin (CONV-06). */
export function conversationUrl(id: string, origin: string = window.location.origin): string {
  return new URL(`/chat/${encodeURIComponent(id)}`, origin).href;
}

export async function copyConversationLink(id: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(conversationUrl(id));
    toast.success("Link copied to clipboard!");
    return true;
  } catch {
    // The spec has no text for this; the browser refused clipboard access (docs/decisions/016).
    toast.error("Could not copy the link");
    return false;
  }
}

export async function renameConversation(orgId: string, threadId: string, name: string): Promise<boolean> {
  try {
    await conversations.renameConversation(orgId, threadId, name);
    toast.success("Conversation renamed");
    return true;
  } catch (failure) {
    // The server refused (CONV-10), or there was no answer at all (CONV-11).
    toast.error(
      failure instanceof HttpError
        ? errorMessage(failure, "Failed to rename conversation")
        : "An error occurred while renaming the conversation",
    );
    return false;
  }
}

/** Asks first (CONV-12); false when the user declined or the delete failed. */
export async function deleteConversation(
  orgId: string,
  threadId: string,
  confirm: (message: string) => boolean = window.confirm.bind(window),
): Promise<boolean> {
  if (!confirm(DELETE_CONVERSATION_CONFIRM)) return false;
  try {
    await conversations.deleteConversation(orgId, threadId);
    toast.success("Conversation deleted");
    return true;
  } catch (failure) {
    toast.error(
      failure instanceof HttpError
        ? errorMessage(failure, "Failed to delete conversation")
        : "An error occurred while deleting the conversation",
    );
    return false;
  }
}
