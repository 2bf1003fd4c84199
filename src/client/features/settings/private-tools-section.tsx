// SET-10: admins only; members get nothing here (not even a disabled control).
import { Link } from "react-router";
import { ArrowRight, Lock } from "lucide-react";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Button } from "@/client/components/ui/button";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "@/client/components/ui/card";
import { PRIVATE_TOOLS } from "./settings-values";

export const ADVANCED_SETTINGS_PATH = "/control-hub/settings/advanced-settings";

export function PrivateToolsSection() {
  const { org, isAdmin } = useActiveOrg();
  if (!isAdmin) return null;
  const enabled = PRIVATE_TOOLS.filter((t) => org.settings.enabledPrivateTools.includes(t.name)).length;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lock className="size-4 text-muted-foreground" aria-hidden />
          Private Tools
        </CardTitle>
        <CardDescription>
          Specialised tools stay hidden from agents until an admin enables them for the organization. {enabled} of{" "}
          {PRIVATE_TOOLS.length} enabled.
        </CardDescription>
      </CardHeader>
      <CardFooter>
        <Button asChild variant="outline">
          <Link to={ADVANCED_SETTINGS_PATH}>
            Manage Private Tools
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
