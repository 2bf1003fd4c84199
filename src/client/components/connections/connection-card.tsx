import type { ReactNode } from "react";
import { CheckCircle2 } from "lucide-react";
import { Badge } from "@/client/components/ui/badge";
import { Card, CardContent, CardFooter, CardHeader } from "@/client/components/ui/card";
import type { ConnectionDefinition } from "@/shared/connections/types";
import { ConnectionLogo } from "./connection-logo";

/** One provider or integration: logo, name, state badge, description, then its actions (PROV-05). */
export function ConnectionCard({
  def,
  connected,
  badge,
  actions,
  children,
  titleAs: Title = "h3",
}: {
  def: ConnectionDefinition;
  /** The card title's heading level under the section it sits in. */
  titleAs?: "h3" | "h4";
  connected: boolean;
  /** Replaces the Connected badge (e.g. "Coming soon"). */
  badge?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card
      role="group"
      aria-label={def.name}
      data-connected={connected || undefined}
      className="gap-4 py-5 transition-shadow hover:shadow-md data-[connected]:border-emerald-200 dark:data-[connected]:border-emerald-500/30"
    >
      <CardHeader className="flex-row items-start gap-3 px-5">
        <ConnectionLogo src={def.logoUrl} name={def.name} />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Title className="leading-tight font-semibold">{def.name}</Title>
            {badge ??
              (connected && (
                <Badge variant="success">
                  <CheckCircle2 aria-hidden />
                  Connected
                </Badge>
              ))}
          </div>
          <p className="text-sm text-muted-foreground">{def.description}</p>
        </div>
      </CardHeader>
      {children && <CardContent className="px-5">{children}</CardContent>}
      {actions && <CardFooter className="mt-auto flex-wrap gap-2 px-5">{actions}</CardFooter>}
    </Card>
  );
}
