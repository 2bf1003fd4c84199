// The Output of a Reddit card: posts with their top comments.
export { redditCard as card } from "@/client/features/chat/messages/tool-views/card-view";
