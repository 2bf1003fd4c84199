// The dashboard's first-run welcome (hub spec §2 "Home dashboard", first bullet; DASH-02..08).
import { Bot, CheckCircle2, PlugZap, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PRODUCT_NAME } from "@/shared/shell/constants";
import { Button } from "@/client/components/ui/button";

export function WelcomeScreen({ hasModel, hasAgents }: { hasModel: boolean; hasAgents: boolean }) {
  return (
    <section aria-labelledby="welcome-title" className="grid gap-6 rounded-xl border p-6 md:p-8">
      <div className="grid gap-1 text-center">
        <h2 id="welcome-title" className="text-2xl font-semibold tracking-tight">
          Welcome to {PRODUCT_NAME}
        </h2>
        <p className="text-sm text-muted-foreground">Let's get you set up with your first AI agent.</p>
      </div>
      <div className="mx-auto grid w-full max-w-xl gap-4">
        {!hasModel && (
          <StepCard
            icon={PlugZap}
            step={1}
            title="Connect an AI Provider"
            text="Add an API key for a model provider such as OpenAI or Anthropic."
          >
            <Button asChild>
              <Link to="/control-hub/providers">Go to Providers</Link>
            </Button>
          </StepCard>
        )}
        {hasModel && !hasAgents && (
          <StepCard
            icon={Bot}
            step={2}
            title="Create Your First Agent"
            text="Give it a name, instructions, a model and tools."
          >
            <Button asChild>
              <Link to="/control-hub/agents/new">Create Agent</Link>
            </Button>
          </StepCard>
        )}
        {hasAgents && (
          <p className="flex items-center justify-center gap-2 text-center text-sm">
            <CheckCircle2 className="size-4 shrink-0 text-green-600" aria-hidden />
            You're all set! Start chatting with your agent or manage everything in Control Hub.
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        {hasAgents && (
          <Button asChild>
            <Link to="/chat">Start Chatting</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/control-hub">Open Control Hub</Link>
        </Button>
      </div>
    </section>
  );
}

function StepCard({
  icon: Icon,
  step,
  title,
  text,
  children,
}: {
  icon: LucideIcon;
  step: number;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <div
      role="group"
      aria-label={`Step ${step}: ${title}`}
      className="flex flex-wrap items-center gap-4 rounded-lg border p-4"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="text-xs font-medium text-muted-foreground">Step {step}</p>
        <h3 className="font-medium">{title}</h3>
        <p className="text-sm text-muted-foreground">{text}</p>
      </div>
      {children}
    </div>
  );
}
