// The sidebar's navigation entries (SHELL-10) and when each is active (SHELL-11/12).
import { LayoutDashboard, MessageSquarePlus, SlidersHorizontal, type LucideIcon } from "lucide-react";

export interface NavItem {
  title: string;
  href: string;
  icon: LucideIcon;
  /** Active only on the exact path (New Chat), not on every path below it. */
  exact?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { title: "Dashboard", href: "/dashboard", icon: LayoutDashboard },
  { title: "Control Hub", href: "/control-hub", icon: SlidersHorizontal },
  { title: "New Chat", href: "/chat", icon: MessageSquarePlus, exact: true },
];

export function isNavItemActive(pathname: string, item: Pick<NavItem, "href" | "exact">): boolean {
  return item.exact ? pathname === item.href : pathname.startsWith(item.href);
}

/** A conversation entry is active on its own page only (chat spec §2 "Conversation list item"). */
export function conversationHref(id: string): string {
  return `/chat/${encodeURIComponent(id)}`;
}
