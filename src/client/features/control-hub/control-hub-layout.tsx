// /control-hub/*: the page title, the seven tabs (ROUTE-12..20) and the active tab's page. Members
// see the read-only badge and notice on every tab (ROLE-12..14) but Tasks, where they manage their own
// tasks (decision 040).
import { useEffect, useRef } from "react";
import { Link, Outlet, useLocation } from "react-router";
import {
  Blocks,
  Bot,
  CalendarClock,
  ChevronLeft,
  ChevronRight,
  Cpu,
  Library,
  Settings,
  Sparkles,
  type LucideIcon,
} from "lucide-react";
import { ReadOnlyBadge, ReadOnlyNotice } from "@/client/components/admin/read-only-notice";
import { PageHeader } from "@/client/components/page-header";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { cn } from "@/client/lib/utils";
import { activeHubTab, HUB_TABS, type HubTab } from "./hub-tabs";
import { useScrollEdges } from "./use-scroll-edges";

const TAB_ICONS: Record<HubTab["id"], LucideIcon> = {
  agents: Bot,
  providers: Cpu,
  models: Sparkles,
  "knowledge-bases": Library,
  "scheduled-tasks": CalendarClock,
  integrations: Blocks,
  settings: Settings,
};

/** Tabs whose content a member may change (what is theirs): no read-only badge or notice there. */
const MEMBER_EDITABLE_TABS: ReadonlySet<HubTab["id"]> = new Set(["scheduled-tasks"]);

export function ControlHubLayout() {
  const { pathname } = useLocation();
  const { isAdmin } = useActiveOrg();
  const active = activeHubTab(pathname);
  const readOnly = !isAdmin && !MEMBER_EDITABLE_TABS.has(active.id);
  useDocumentTitle(active.id === "agents" ? "Control Hub" : `${active.label} · Control Hub`);
  const row = useRef<HTMLElement>(null);
  const edges = useScrollEdges(row);
  // On a narrow screen the current tab may be one of those off-screen: bring it into the row.
  useEffect(() => {
    row.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }, [active.id]);
  const scrollRow = (direction: 1 | -1) =>
    row.current?.scrollBy({ left: direction * row.current.clientWidth * 0.7, behavior: "smooth" });

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <PageHeader
        title="Control Hub"
        description="Manage your organization's agents, model providers, models, integrations and settings."
        actions={readOnly && <ReadOnlyBadge className="mt-1" />}
      />
      <div className="relative -mt-2">
        <nav ref={row} aria-label="Control Hub" className="overflow-x-auto border-b [scrollbar-width:none]">
          <ul className="flex min-w-max gap-1">
            {HUB_TABS.map((tab) => {
              const Icon = TAB_ICONS[tab.id];
              const current = tab.id === active.id;
              return (
                <li key={tab.id}>
                  <Link
                    to={tab.path}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      "relative flex h-10 items-center gap-2 rounded-t-md px-3 text-sm font-medium whitespace-nowrap outline-none transition-colors",
                      "focus-visible:ring-[3px] focus-visible:ring-ring/50",
                      current
                        ? "text-foreground after:absolute after:inset-x-2 after:-bottom-px after:h-0.5 after:rounded-full after:bg-primary"
                        : "text-muted-foreground hover:bg-accent/60 hover:text-foreground",
                    )}
                  >
                    <Icon className="size-4" aria-hidden />
                    {tab.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {/* Mouse and touch hints that the row scrolls; keyboard users reach every tab with Tab. */}
        {edges.left && <ScrollHint side="left" onClick={() => scrollRow(-1)} />}
        {edges.right && <ScrollHint side="right" onClick={() => scrollRow(1)} />}
      </div>
      {readOnly && <ReadOnlyNotice />}
      <Outlet />
    </div>
  );
}

function ScrollHint({ side, onClick }: { side: "left" | "right"; onClick: () => void }) {
  const Icon = side === "left" ? ChevronLeft : ChevronRight;
  return (
    <button
      type="button"
      tabIndex={-1}
      aria-label={side === "left" ? "Earlier tabs" : "More tabs"}
      onClick={onClick}
      className={cn(
        "absolute top-0 bottom-px flex w-10 items-center text-muted-foreground hover:text-foreground",
        side === "left"
          ? "left-0 justify-start bg-gradient-to-r from-background via-background/90 to-transparent"
          : "right-0 justify-end bg-gradient-to-l from-background via-background/90 to-transparent",
      )}
    >
      <Icon className="size-4" aria-hidden />
    </button>
  );
}
