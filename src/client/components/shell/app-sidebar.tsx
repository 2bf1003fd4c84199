// The sidebar's content: logo, navigation (SHELL-10..12), conversations (SHELL-14), Docs (SHELL-13).
import { BookOpen, ExternalLink } from "lucide-react";
import { Link, useLocation } from "react-router";
import { Sidebar, SidebarRail, SidebarTrigger } from "@/client/components/ui/sidebar";
import { useSidebar } from "@/client/components/ui/sidebar-context";
import {
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
} from "@/client/components/ui/sidebar-menu";
import { useConversations, useConversationSearch } from "@/client/api/conversations";
import { runtimeConfig } from "@/client/lib/runtime-config";
import { useActiveOrg } from "./active-org";
import { ConversationList } from "./conversation-list";
import { ConversationSearch, useSearchText } from "./conversation-search";
import { isNavItemActive, NAV_ITEMS } from "./nav-items";

export function AppSidebar() {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const { org } = useActiveOrg();
  const conversations = useConversations(org.id);
  const search = useSearchText();
  const searching = search.text.trim() !== "";
  const matches = useConversationSearch(org.id, search.settled);
  // On mobile the sidebar is an overlay: close it once the user picked a destination.
  const onNavigate = () => {
    if (isMobile) setOpenMobile(false);
  };

  return (
    <Sidebar>
      <SidebarHeader>
        <div className="flex h-9 items-center gap-2">
          <Link
            to="/dashboard"
            onClick={onNavigate}
            className="flex min-w-0 items-center gap-2 rounded-md px-1 font-semibold outline-none focus-visible:ring-2 focus-visible:ring-sidebar-ring group-data-[collapsible=icon]:hidden"
          >
            <img src="/logo.svg" alt="" className="size-7 shrink-0" />
            <span className="truncate">Switchboard</span>
          </Link>
          {/* The desktop toggle; on mobile the header's toggle opens the panel and its X closes it. */}
          {!isMobile && <SidebarTrigger className="ml-auto group-data-[collapsible=icon]:ml-0" />}
        </div>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <nav aria-label="Main">
            <SidebarMenu>
              {NAV_ITEMS.map((item) => {
                const active = isNavItemActive(pathname, item);
                return (
                  <SidebarMenuItem key={item.href}>
                    <SidebarMenuButton asChild isActive={active} tooltip={item.title}>
                      <Link to={item.href} onClick={onNavigate} aria-current={active ? "page" : undefined}>
                        <item.icon aria-hidden />
                        <span>{item.title}</span>
                      </Link>
                    </SidebarMenuButton>
                  </SidebarMenuItem>
                );
              })}
            </SidebarMenu>
          </nav>
        </SidebarGroup>
        {/* Collapsed, the conversations stay reachable as icons with their titles as tooltips. */}
        <SidebarGroup>
          <SidebarGroupLabel>Conversations</SidebarGroupLabel>
          <ConversationSearch text={search.text} onChange={search.setText} />
          {searching ? (
            <ConversationList
              orgId={org.id}
              conversations={search.settled.trim() ? matches.data?.conversations : undefined}
              isLoading={!matches.data}
              failed={Boolean(matches.error)}
              emptyText="No matching conversations"
              label="Matching conversations"
              onNavigate={onNavigate}
            />
          ) : (
            <ConversationList
              orgId={org.id}
              conversations={conversations.data?.conversations}
              isLoading={conversations.isLoading}
              failed={Boolean(conversations.error)}
              onNavigate={onNavigate}
            />
          )}
        </SidebarGroup>
      </SidebarContent>
      <SidebarFooter>
        <SidebarMenu>
          <SidebarMenuItem>
            <SidebarMenuButton asChild tooltip="Docs">
              <a href={runtimeConfig.docsUrl} target="_blank" rel="noopener noreferrer">
                <BookOpen aria-hidden />
                <span>Docs</span>
                <ExternalLink
                  className="ml-auto size-3.5! text-muted-foreground group-data-[collapsible=icon]:hidden"
                  aria-hidden
                />
              </a>
            </SidebarMenuButton>
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
      <SidebarRail />
    </Sidebar>
  );
}
