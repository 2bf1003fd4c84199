// The first-run wizard (chat spec §2 "Onboarding wizard", §4; ONB-01..33), mounted by the app shell.
import { useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { useSWRConfig } from "swr";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/client/components/ui/dialog";
import { agentsKey, useAgents } from "@/client/api/agents";
import { hasConnectedModel } from "@/client/lib/first-run";
import { useRevalidateOrg } from "@/client/api/revalidate-org";
import { isControlHubPath, ONBOARDING_STEPS, shouldOpenOnboarding } from "./onboarding-rules";
import { isOnboardingComplete, markOnboardingComplete } from "./onboarding-storage";
import { OnboardingSteps } from "./onboarding-steps";

export function OnboardingWizard() {
  const { org, isAdmin } = useActiveOrg();
  // Only admins can connect providers and create agents; a member would be walked into a 403
  // (docs/decisions/016-onboarding.md).
  if (!isAdmin) return null;
  // Keyed by organisation: switching organisations starts from that organisation's own state.
  return <OrgOnboarding key={org.id} orgId={org.id} />;
}

function OrgOnboarding({ orgId }: { orgId: string }) {
  const { org } = useActiveOrg();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const agents = useAgents(orgId);
  const { mutate } = useSWRConfig();
  const revalidateOrg = useRevalidateOrg();
  const [step, setStep] = useState(1);
  const [closed, setClosed] = useState(() => isOnboardingComplete(orgId));
  const [agentId, setAgentId] = useState<number | null>(null);

  const wanted = shouldOpenOnboarding({
    loaded: agents.data !== undefined,
    completed: closed,
    hasModel: hasConnectedModel(org),
    agentCount: agents.data?.length ?? 0,
  });
  // Creating the agent marks completion and fills the agent list; the last step must still show.
  const open = !isControlHubPath(pathname) && !closed && (wanted || step === ONBOARDING_STEPS);

  function close(to?: string) {
    markOnboardingComplete(orgId);
    setClosed(true);
    if (to) navigate(to);
  }

  return (
    <Dialog open={open}>
      <DialogContent
        showCloseButton={false}
        className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl"
        onEscapeKeyDown={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <DialogTitle className="sr-only">Set up {org.name}</DialogTitle>
        <DialogDescription className="sr-only">Connect a provider and create your first agent.</DialogDescription>
        <OnboardingSteps
          orgId={orgId}
          step={step}
          onStep={setStep}
          onSkip={() => close()}
          onCreated={setAgentId}
          refresh={() => Promise.all([mutate(agentsKey(orgId)), revalidateOrg({ models: true })])}
          onStartChatting={() => close(agentId ? `/chat?agent=${agentId}` : "/chat")}
          onExploreControlHub={() => close("/control-hub")}
        />
      </DialogContent>
    </Dialog>
  );
}
