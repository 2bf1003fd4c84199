// One Recent Conversations card (DASH-24..30, DASH-33, DASH-34).
import { Link } from "react-router";
import { Clock, MessageSquare, Paperclip, ThumbsUp } from "lucide-react";
import type { Interaction } from "@/shared/dashboard/schema";
import {
  CARD_METADATA_MAX,
  distinctSubAgents,
  formatCount,
  formatDuration,
  helpfulPercentage,
  toolBadges,
  truncateFirstMessage,
} from "@/shared/dashboard/format";
import { AgentLogo } from "@/client/components/agents/agent-logo";
import { MetadataChips } from "@/client/components/metadata-chips";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";

export function ConversationCard({ interaction: i, isAdmin }: { interaction: Interaction; isAdmin: boolean }) {
  const helpful = helpfulPercentage(i.totalHelpful, i.totalFeedback);
  const subs = distinctSubAgents(i.subConversations);
  const tools = toolBadges(i.toolCalls);
  return (
    <Card role="article" aria-label={`Conversation with ${i.agentName}`} className="flex flex-col gap-3 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <AgentLogo url={i.agentLogoUrl} className="size-8" />
          <div className="min-w-0">
            <p className="truncate font-medium">{i.agentName}</p>
            {isAdmin ? (
              <p className="truncate text-sm text-muted-foreground">{i.userEmail ?? "Unknown user"}</p>
            ) : (
              <p className="text-sm text-muted-foreground">You started a thread</p>
            )}
          </div>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to={`/chat/${i.id}`}>View Conversation</Link>
        </Button>
      </div>
      {isAdmin && <MetadataChips metadata={i.userPublicMetadata} max={CARD_METADATA_MAX} />}
      <p className="text-sm" title={i.firstMessageText}>
        {truncateFirstMessage(i.firstMessageText)}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
        <span className="flex items-center gap-1">
          <MessageSquare className="size-3.5" aria-hidden /> {formatCount(i.totalMessageCount)} messages
        </span>
        <span>{formatCount(i.totalTokens)} tokens</span>
        {i.attachmentCount > 0 && (
          <span className="flex items-center gap-1">
            <Paperclip className="size-3.5" aria-hidden /> {i.attachmentCount}
          </span>
        )}
        <span className="flex items-center gap-1" aria-label="Duration">
          <Clock className="size-3.5" aria-hidden /> {formatDuration(i.duration)}
        </span>
        {helpful !== null && (
          <span className="flex items-center gap-1">
            <ThumbsUp className="size-3.5" aria-hidden /> {helpful}% helpful
          </span>
        )}
        <time dateTime={i.updatedAt}>{new Date(i.updatedAt).toLocaleString()}</time>
      </div>
      {(tools.length > 0 || subs.length > 0) && (
        <div className="flex flex-wrap items-center gap-2">
          {subs.length > 0 && (
            <span className="flex -space-x-2" aria-label="Sub-agents">
              {subs.map((s) => (
                <span key={s.agentId} title={`${s.agentName} · ${formatCount(s.totalTokens)} tokens`}>
                  <AgentLogo url={s.agentLogoUrl} className="size-6 rounded-full ring-2 ring-background" />
                </span>
              ))}
            </span>
          )}
          {tools.map((t) => (
            <Badge key={t.toolName} variant="outline">
              {t.toolName}
              {t.count > 1 && ` ×${t.count}`}
            </Badge>
          ))}
        </div>
      )}
    </Card>
  );
}
