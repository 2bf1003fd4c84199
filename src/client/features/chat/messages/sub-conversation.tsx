// SUB-01..13: the agent-to-agent conversation of a call_agent tool call. A dialog from 768 px, a bottom
// drawer below (vaul).
import { useEffect, useReducer, useState } from "react";
import { Drawer } from "vaul";
import { Badge } from "@/client/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { Spinner } from "@/client/components/ui/spinner";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { useConversation } from "@/client/api/conversations";
import { useIsMobile } from "@/client/lib/use-mobile";
import { cn } from "@/client/lib/utils";
import { useMessageView } from "./message-view";

export interface SubConversationRef {
  id: string;
  threadId: string;
  agentName?: string;
  agentLogoUrl?: string | null;
}

export const SUB_TITLE = "Sub-conversation Details";
export const SUB_TEXT = "View the AI-to-AI conversation that occurred during tool execution.";
/** SUB-13 (chat §9): the drawer's feel; vaul itself animates in 0.5 s with a velocity threshold of 0.4. */
export const DRAWER = { closeThreshold: 0.25, velocityThreshold: 0.4, scrollLockTimeout: 100 } as const;
/** SUB-12: fractions of the screen's height, or "Npx", smallest first. */
export type SnapPoint = number | string;

function Body({ sub }: { sub: SubConversationRef }) {
  const { org } = useActiveOrg();
  const { data, error } = useConversation(org.id, sub.threadId);
  const MessageItem = useMessageView();
  const messages = (data?.messages ?? []).filter((m) => m.role !== "system");
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        <Badge variant="secondary">Agent-to-Agent</Badge>
        {data && <span>{messages.length === 1 ? "1 message" : `${messages.length} messages`}</span>}
      </div>
      <div className="max-h-[500px] overflow-y-auto pr-1" data-testid="sub-conversation-messages">
        {error ? (
          <p className="text-sm text-destructive">Failed to load conversation.</p>
        ) : !data ? (
          <Spinner />
        ) : messages.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No messages in this sub-conversation</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {messages.map((m) => (
              <MessageItem
                key={m.id}
                message={m}
                agent={{ name: sub.agentName ?? "Agent", logoUrl: sub.agentLogoUrl }}
                isLast={false}
                isProcessing={false}
              />
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

/**
 * SUB-12: the drawer's resting point. Every opening starts on the last (fully open) point. vaul 1.1.2
 * re-snaps on its first render after the drawer mounts and then refuses drags for 500 ms; rendering once
 * more a frame after opening puts that pause inside the open animation instead of the user's first drag.
 */
function useSnapPoint(open: boolean, snapPoints: SnapPoint[] | undefined) {
  const fullyOpen = snapPoints?.at(-1) ?? null;
  const [snap, setSnap] = useState<SnapPoint | null>(fullyOpen);
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) setSnap(fullyOpen);
  }
  const [, settle] = useReducer((n: number) => n + 1, 0);
  const snapping = open && !!snapPoints;
  useEffect(() => {
    if (!snapping) return;
    const frame = requestAnimationFrame(settle);
    return () => cancelAnimationFrame(frame);
  }, [snapping]);
  return snapPoints ? { snapPoints, activeSnapPoint: snap, setActiveSnapPoint: setSnap } : {};
}

/**
 * SUB-12 ("may have snap points", decision 021): without `snapPoints` the drawer is dismissed as SUB-11
 * says; with them it rests on those points, and only a fast drag down from the first one, or a very fast
 * one from anywhere, closes it (vaul's snap-point rules).
 */
export function SubConversationViewer({
  sub,
  open,
  onOpenChange,
  snapPoints,
}: {
  sub: SubConversationRef;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  snapPoints?: SnapPoint[];
}) {
  const mobile = useIsMobile();
  const snapping = useSnapPoint(open && mobile, snapPoints);
  if (mobile) {
    return (
      <Drawer.Root
        open={open}
        onOpenChange={onOpenChange}
        closeThreshold={DRAWER.closeThreshold}
        scrollLockTimeout={DRAWER.scrollLockTimeout}
        {...snapping}
      >
        <Drawer.Portal>
          <Drawer.Overlay className="fixed inset-0 z-50 bg-black/40" />
          {/* Snap points are measured against the screen, so a snapping drawer is as tall as the screen allows. */}
          <Drawer.Content
            className={cn(
              "fixed inset-x-0 bottom-0 z-50 flex flex-col rounded-t-xl border bg-background p-4",
              snapPoints ? "h-full max-h-[97%]" : "max-h-[85svh]",
            )}
          >
            <div className="mx-auto mb-3 h-1.5 w-12 rounded-full bg-muted" />
            <Drawer.Title className="text-base font-semibold">{SUB_TITLE}</Drawer.Title>
            <Drawer.Description className="mb-3 text-sm text-muted-foreground">{SUB_TEXT}</Drawer.Description>
            {open && <Body sub={sub} />}
          </Drawer.Content>
        </Drawer.Portal>
      </Drawer.Root>
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{SUB_TITLE}</DialogTitle>
          <DialogDescription>{SUB_TEXT}</DialogDescription>
        </DialogHeader>
        {open && <Body sub={sub} />}
      </DialogContent>
    </Dialog>
  );
}
