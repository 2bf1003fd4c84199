// The Output of a Postgres search card: titled items (TOOL-28).
export { pgSearchCard as card } from "@/client/features/chat/messages/tool-views/card-view";
