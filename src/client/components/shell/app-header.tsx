// SHELL-06/07: sidebar toggle (small screens), organisation selector, account button; a click on
// the header itself scrolls back to the top.
import type { MouseEvent } from "react";
import { SidebarTrigger } from "@/client/components/ui/sidebar";
import { Separator } from "@/client/components/ui/separator";
import { useActiveOrg } from "./active-org";
import { OrgSwitcher } from "./org-switcher";
import { UserMenu } from "./user-menu";

const INTERACTIVE = "button, a, input, select, textarea, [role='menuitem'], [role='menuitemradio']";

function scrollToTop(event: MouseEvent<HTMLElement>) {
  const target = event.target as Element;
  // React bubbles clicks from portals (menus, dialogs) through here: only the header's own surface counts.
  if (!event.currentTarget.contains(target) || target.closest(INTERACTIVE)) return;
  window.scrollTo({ top: 0, behavior: "smooth" });
}

export function AppHeader() {
  const { user } = useActiveOrg();
  return (
    <header
      data-testid="app-header"
      onClick={scrollToTop}
      className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 md:px-4"
    >
      <SidebarTrigger className="md:hidden" />
      <Separator orientation="vertical" className="mr-1 h-5! md:hidden" />
      <OrgSwitcher />
      <div className="ml-auto flex items-center gap-2">
        <UserMenu user={user} />
      </div>
    </header>
  );
}
