// Step 1 (ONB-07..09): what the wizard will do, in three cards.
import { Bot, MessageSquare, PlugZap, type LucideIcon } from "lucide-react";
import { PRODUCT_NAME } from "@/shared/shell/constants";
import { Button } from "@/client/components/ui/button";

const CARDS: Array<{ icon: LucideIcon; title: string; text: string }> = [
  { icon: PlugZap, title: "Connect Provider", text: "Link OpenAI or Anthropic with an API key." },
  { icon: Bot, title: "Create Agent", text: "Give your first agent a name, instructions and tools." },
  { icon: MessageSquare, title: "Start Chatting", text: "Ask your agent anything right away." },
];

export function WelcomeStep({ onNext }: { onNext: () => void }) {
  return (
    <div className="grid gap-6 text-center">
      <div className="grid gap-2">
        <h2 className="text-2xl font-semibold tracking-tight">Welcome to {PRODUCT_NAME}</h2>
        <p className="text-sm text-muted-foreground">Let's set up your first AI agent in a few steps.</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-3">
        {CARDS.map((card) => (
          <li key={card.title} className="grid justify-items-center gap-2 rounded-lg border p-4">
            <span className="flex size-9 items-center justify-center rounded-full bg-primary/10 text-primary">
              <card.icon className="size-4" aria-hidden />
            </span>
            <h3 className="text-sm font-medium">{card.title}</h3>
            <p className="text-xs text-muted-foreground">{card.text}</p>
          </li>
        ))}
      </ul>
      <div className="flex justify-center">
        <Button onClick={onNext}>Get Started</Button>
      </div>
    </div>
  );
}
