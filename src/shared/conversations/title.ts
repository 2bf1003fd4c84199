export const CONVERSATION_ID_TITLE_LENGTH = 8;

/** Title order: trimmed name; else trimmed firstMessageText; else agentName; else "Chat " + first 8 of id. */
export function conversationTitle(c: {
  id: string;
  name?: string | null;
  firstMessageText?: string | null;
  agentName?: string | null;
}): string {
  return (
    c.name?.trim() || c.firstMessageText?.trim() || c.agentName || `Chat ${c.id.slice(0, CONVERSATION_ID_TITLE_LENGTH)}`
  );
}
