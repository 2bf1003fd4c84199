// An agent's logo, or the default icon when it has none or it fails to load (AGENT-05).
import { useState } from "react";
import { Bot } from "lucide-react";
import { cn } from "@/client/lib/utils";

export function AgentLogo({ url, className }: { url: string | null | undefined; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = cn(
    "flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted",
    className,
  );
  if (!url || failed === url) {
    return (
      <span className={cn(box, "text-muted-foreground")} data-testid="agent-default-logo">
        <Bot className="size-1/2" aria-hidden />
      </span>
    );
  }
  return (
    <span className={box}>
      <img src={url} alt="" className="size-full object-cover" onError={() => setFailed(url)} />
    </span>
  );
}
