// Step 4 (ONB-28..30): done, with where to go next.
import { CheckCircle2 } from "lucide-react";
import { Button } from "@/client/components/ui/button";

const WHATS_NEXT = [
  "Chat with your new agent and try its conversation starters",
  "Connect data integrations such as PostgreSQL or Google Sheets",
  "Create more agents and let them call each other",
  "Invite your team from the Control Hub settings",
];

const QUICK_TIPS = [
  "Press Ctrl+B (Cmd+B on a Mac) to collapse or expand the sidebar",
  "Attach files to a message by dragging them into the chat",
  "Rename or delete a conversation from its menu in the sidebar",
];

export function DoneStep({
  onStartChatting,
  onExploreControlHub,
}: {
  onStartChatting: () => void;
  onExploreControlHub: () => void;
}) {
  return (
    <div className="grid gap-6">
      <div className="grid justify-items-center gap-2 text-center">
        <CheckCircle2 className="size-10 text-green-600" aria-hidden />
        <h2 className="text-2xl font-semibold tracking-tight">You're All Set!</h2>
        <p className="text-sm text-muted-foreground">Your provider is connected and your first agent is ready.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TipList title="What's Next" items={WHATS_NEXT} />
        <TipList title="Quick Tips" items={QUICK_TIPS} />
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={onStartChatting}>Start Chatting</Button>
        <Button variant="outline" onClick={onExploreControlHub}>
          Explore Control Hub
        </Button>
      </div>
    </div>
  );
}

function TipList({ title, items }: { title: string; items: string[] }) {
  return (
    <section className="grid content-start gap-2 rounded-lg border p-4" aria-label={title}>
      <h3 className="text-sm font-medium">{title}</h3>
      <ul className="grid list-disc gap-1 pl-4 text-xs text-muted-foreground">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}
