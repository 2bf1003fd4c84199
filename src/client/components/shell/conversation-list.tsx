// The sidebar's conversation list (chat spec §2 "Conversation list item", CONV-01..05, CONV-16).
import { useState } from "react";
import { MessageSquare } from "lucide-react";
import { Link, useLocation } from "react-router";
import { conversationTitle } from "@/shared/conversations/title";
import { useSidebar } from "@/client/components/ui/sidebar-context";
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from "@/client/components/ui/sidebar-menu";
import type { ConversationListItem } from "@/client/api/conversations";
import { ConversationItemMenu } from "./conversation-item-menu";
import { conversationHref } from "./nav-items";

const stateText = "px-2 py-1.5 text-xs text-muted-foreground group-data-[collapsible=icon]:hidden";

export function ConversationList({
  orgId,
  conversations,
  isLoading,
  failed = false,
  emptyText = "No conversations",
  label = "Conversations",
  onNavigate,
}: {
  orgId: string;
  conversations: ConversationListItem[] | undefined;
  isLoading: boolean;
  /** The list could not be loaded (the spec has no text for it: docs/decisions/016). */
  failed?: boolean;
  /** Issue 17: a search shows its own empty text and list name. */
  emptyText?: string;
  label?: string;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const { state, isMobile } = useSidebar();
  // CONV-04: collapsed to icons there is no room for a menu; the mobile panel is always full width.
  const withMenu = isMobile || state === "expanded";
  // CONV-16: loading, empty, populated.
  if (isLoading && !conversations) return <p className={stateText}>Loading…</p>;
  if (failed && !conversations) return <p className={stateText}>Could not load conversations</p>;
  if (!conversations?.length) return <p className={stateText}>{emptyText}</p>;
  return (
    <SidebarMenu aria-label={label}>
      {conversations.map((c) => {
        const href = conversationHref(c.id);
        const title = conversationTitle(c);
        const active = pathname === href;
        return (
          <SidebarMenuItem key={c.id}>
            <SidebarMenuButton asChild isActive={active} tooltip={title} className={withMenu ? "pr-8" : undefined}>
              <Link to={href} onClick={onNavigate} aria-current={active ? "page" : undefined}>
                <ConversationIcon url={c.agentLogoUrl} />
                <span>{title}</span>
              </Link>
            </SidebarMenuButton>
            {withMenu && <ConversationItemMenu orgId={orgId} id={c.id} name={c.name} title={title} />}
          </SidebarMenuItem>
        );
      })}
    </SidebarMenu>
  );
}

/** CONV-03: the agent's logo, or the default chat icon when there is none or it fails to load. */
function ConversationIcon({ url }: { url: string | null | undefined }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) return <MessageSquare aria-hidden data-testid="default-chat-icon" />;
  return (
    <img
      src={url}
      alt=""
      data-testid="agent-logo"
      className="size-4 shrink-0 rounded-sm object-cover"
      onError={() => setFailed(url)}
    />
  );
}
