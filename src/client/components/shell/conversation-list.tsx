// The sidebar's conversation list (chat spec §2 "Conversation list item"). Conversations arrive with
// the chat feature; until then the shell passes an empty list. The per-item menu comes with it.
import { MessageSquare } from "lucide-react";
import { Link, useLocation } from "react-router";
import { conversationTitle } from "@/shared/conversations/title";
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from "@/client/components/ui/sidebar-menu";
import { conversationHref } from "./nav-items";

export interface ConversationListItem {
  id: string;
  name?: string | null;
  firstMessageText?: string | null;
  agentName?: string | null;
  agentLogoUrl?: string | null;
}

export function ConversationList({
  conversations,
  isLoading,
  onNavigate,
}: {
  conversations: ConversationListItem[] | undefined;
  isLoading: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  // CONV-16: loading, empty, populated.
  if (isLoading && !conversations) return <p className="px-2 py-1.5 text-xs text-muted-foreground">Loading…</p>;
  if (!conversations?.length) return <p className="px-2 py-1.5 text-xs text-muted-foreground">No conversations</p>;
  return (
    <SidebarMenu>
      {conversations.map((c) => {
        const href = conversationHref(c.id);
        const title = conversationTitle(c);
        return (
          <SidebarMenuItem key={c.id}>
            <SidebarMenuButton asChild isActive={pathname === href}>
              <Link to={href} onClick={onNavigate} aria-current={pathname === href ? "page" : undefined}>
                {c.agentLogoUrl ? (
                  <img src={c.agentLogoUrl} alt="" className="size-4 shrink-0 rounded-sm object-cover" />
                ) : (
                  <MessageSquare aria-hidden />
                )}
                <span>{title}</span>
              </Link>
            </SidebarMenuButton>
          </SidebarMenuItem>
        );
      })}
    </SidebarMenu>
  );
}
