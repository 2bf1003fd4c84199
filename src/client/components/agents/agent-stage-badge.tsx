import { Badge } from "@/client/components/ui/badge";
import { stageBadge } from "./stage-badge";

const VARIANT = { development: "warning", released: "success", other: "outline" } as const;

/** AGENT-16: Development (orange), Active (green), anything else as stored. */
export function AgentStageBadge({ stage }: { stage: string }) {
  const { label, tone } = stageBadge(stage);
  return <Badge variant={VARIANT[tone]}>{label}</Badge>;
}
