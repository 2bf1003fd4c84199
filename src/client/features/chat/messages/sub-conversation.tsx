// SUB-01..13: the agent-to-agent conversation of a call_agent tool call. A dialog from 768 px, a bottom
// drawer below (vaul).
import useSWR from "swr";
import type { UIMessage } from "@ai-sdk/ui-utils";
import { Drawer } from "vaul";
import { Badge } from "@/client/components/ui/badge";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/client/components/ui/dialog";
import { Spinner } from "@/client/components/ui/spinner";
import { fetcher } from "@/client/lib/api";
import { useIsMobile } from "@/client/lib/use-mobile";
import { MessageItem } from "./message-item";

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

function Body({ sub }: { sub: SubConversationRef }) {
  const { data, error } = useSWR<{ messages: UIMessage[] }>(`/api/getConversation?threadId=${encodeURIComponent(sub.threadId)}`, fetcher);
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
              <MessageItem key={m.id} message={m} agent={{ name: sub.agentName ?? "Agent", logoUrl: sub.agentLogoUrl }} isLast={false} isProcessing={false} />
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

export function SubConversationViewer({ sub, open, onOpenChange }: { sub: SubConversationRef; open: boolean; onOpenChange: (open: boolean) => void }) {
  const mobile = useIsMobile();
  if (mobile) {
    return (
      <Drawer.Root open={open} onOpenChange={onOpenChange} closeThreshold={DRAWER.closeThreshold} scrollLockTimeout={DRAWER.scrollLockTimeout}>
        <Drawer.Portal>
          <Drawer.Overlay className="fixed inset-0 z-50 bg-black/40" />
          <Drawer.Content className="fixed inset-x-0 bottom-0 z-50 flex max-h-[85svh] flex-col rounded-t-xl border bg-background p-4">
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
