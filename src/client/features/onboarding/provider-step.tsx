// Step 2 (ONB-10..15): choose OpenAI or Anthropic and enter its key.
import { ConnectionFields } from "@/client/components/connections/connection-fields";
import { ConnectionLogo } from "@/client/components/connections/connection-logo";
import { cn } from "@/client/lib/utils";
import { onboardingProviders, type OnboardingProvider } from "./onboarding-rules";

export function ProviderStep({
  provider,
  credentials,
  errors,
  onSelect,
  onChange,
}: {
  provider: OnboardingProvider | null;
  credentials: Record<string, string>;
  errors: Record<string, string>;
  onSelect: (provider: OnboardingProvider) => void;
  onChange: (field: string, value: string) => void;
}) {
  const providers = onboardingProviders();
  const def = providers.find((p) => p.key === provider);
  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold tracking-tight">Connect an AI Provider</h2>
        <p className="text-sm text-muted-foreground">
          Choose the provider whose models your agent will use, and enter its API key.
        </p>
      </div>
      <div
        role="radiogroup"
        aria-label="Provider"
        aria-invalid={errors.provider ? true : undefined}
        className="grid gap-3 sm:grid-cols-2"
      >
        {providers.map((p) => {
          const selected = p.key === provider;
          return (
            <button
              key={p.key}
              type="button"
              role="radio"
              aria-checked={selected}
              onClick={() => onSelect(p.key as OnboardingProvider)}
              className={cn(
                "flex items-start gap-3 rounded-lg border p-3 text-left transition-colors outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50",
                selected && "border-primary bg-primary/5",
              )}
            >
              <ConnectionLogo src={p.logoUrl} name={p.name} />
              <span className="grid gap-0.5">
                <span className="text-sm font-medium">{p.name}</span>
                <span className="text-xs text-muted-foreground">{p.description}</span>
              </span>
            </button>
          );
        })}
      </div>
      {errors.provider && <p className="text-sm text-destructive">{errors.provider}</p>}
      {def && <ConnectionFields def={def} values={credentials} errors={errors} secretsSet={[]} onChange={onChange} />}
    </div>
  );
}
