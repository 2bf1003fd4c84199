// The wizard's frame (progress, Step n of N, Skip Setup, Back/Next) around its four steps (ONB-04..06).
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { AgentStep } from "./agent-step";
import { createFirstAgent } from "./create-first-agent";
import { DoneStep } from "./done-step";
import {
  clearFieldError,
  initialOnboardingState,
  ONBOARDING_STEPS,
  toggleTool,
  validateProviderStep,
  type OnboardingState,
} from "./onboarding-rules";
import { ProviderStep } from "./provider-step";
import { WelcomeStep } from "./welcome-step";

export function OnboardingSteps({
  orgId,
  step,
  onStep,
  onSkip,
  onCreated,
  refresh,
  onStartChatting,
  onExploreControlHub,
}: {
  orgId: string;
  step: number;
  onStep: (step: number) => void;
  onSkip: () => void;
  onCreated: (agentId: number) => void;
  refresh: () => Promise<unknown>;
  onStartChatting: () => void;
  onExploreControlHub: () => void;
}) {
  const [state, setState] = useState<OnboardingState>(initialOnboardingState);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);
  const update = (patch: Partial<OnboardingState>) => setState((s) => ({ ...s, ...patch }));

  function nextFromProvider() {
    const found = validateProviderStep(state.selectedProvider, state.providerCredentials);
    setErrors(found);
    if (Object.keys(found).length === 0) onStep(3);
  }

  async function create() {
    setSubmitting(true);
    const agent = await createFirstAgent(orgId, state, {
      refresh,
      onKeyRefused: (fields) => {
        setErrors(fields);
        onStep(2);
      },
    });
    setSubmitting(false);
    if (agent) {
      onCreated(agent.id);
      onStep(4);
    }
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-4">
          <p className="text-sm text-muted-foreground">
            Step {step} of {ONBOARDING_STEPS}
          </p>
          {step < ONBOARDING_STEPS && (
            <Button variant="ghost" size="sm" onClick={onSkip} disabled={submitting}>
              Skip Setup
            </Button>
          )}
        </div>
        <div
          role="progressbar"
          aria-label="Setup progress"
          aria-valuemin={0}
          aria-valuemax={ONBOARDING_STEPS}
          aria-valuenow={step}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full bg-primary transition-[width]"
            style={{ width: `${(step / ONBOARDING_STEPS) * 100}%` }}
          />
        </div>
      </div>

      {step === 1 && <WelcomeStep onNext={() => onStep(2)} />}
      {step === 2 && (
        <ProviderStep
          provider={state.selectedProvider}
          credentials={state.providerCredentials}
          errors={errors}
          onSelect={(selectedProvider) => {
            // Each provider has its own fields; a key typed for one does not belong to the other.
            if (selectedProvider !== state.selectedProvider) update({ selectedProvider, providerCredentials: {} });
            setErrors({});
          }}
          onChange={(field, value) => {
            update({ providerCredentials: { ...state.providerCredentials, [field]: value } });
            setErrors((e) => clearFieldError(e, field));
          }}
        />
      )}
      {step === 3 && (
        <AgentStep
          values={state}
          disabled={submitting}
          onChange={(field, value) => update({ [field]: value })}
          onToggleTool={(name) => update({ selectedTools: toggleTool(state.selectedTools, name) })}
        />
      )}
      {step === 4 && <DoneStep onStartChatting={onStartChatting} onExploreControlHub={onExploreControlHub} />}

      {(step === 2 || step === 3) && (
        // Stays in view while the step scrolls inside the dialog (issue 17 #13: at 1366×768 step 3's
        // buttons were below the fold); -bottom-6 offsets the dialog's own p-6.
        <div className="sticky -bottom-6 z-10 -mx-6 -mb-6 flex justify-between gap-3 border-t bg-background px-6 py-4">
          <Button variant="outline" onClick={() => onStep(step - 1)} disabled={submitting}>
            Back
          </Button>
          {step === 2 ? (
            <Button onClick={nextFromProvider}>Next</Button>
          ) : (
            <Button onClick={() => void create()} disabled={submitting}>
              {submitting ? "Creating Agent..." : "Create Agent"}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
