// SHELL-02..04: a signed-in user without an active organisation picks one or creates one.
import { useState } from "react";
import { Building2 } from "lucide-react";
import { toast } from "sonner";
import type { UserInfo } from "@/shared/org";
import { isAdminRole } from "@/shared/roles";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Separator } from "@/client/components/ui/separator";
import { useDocumentTitle } from "@/client/lib/use-document-title";
import { authClient } from "@/client/lib/auth-client";
import { CreateOrgForm } from "./create-org-form";
import { OrgRow } from "./org-row";
import { PendingInvitations } from "./pending-invitations";
import { UserMenu } from "./user-menu";
import { useOrgActions } from "./use-org-actions";

export function NoOrganization({ user }: { user: UserInfo }) {
  useDocumentTitle("Welcome");
  const { switchTo } = useOrgActions();
  const [selecting, setSelecting] = useState<string | null>(null);
  const hasOrgs = user.organizations.length > 0;
  const { data: session } = authClient.useSession();

  async function select(orgId: string) {
    setSelecting(orgId);
    try {
      await switchTo(orgId, null);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : "Could not select organization");
      setSelecting(null);
    }
  }

  return (
    <div className="flex min-h-svh flex-col bg-muted/40">
      <header className="flex h-14 items-center justify-between px-4">
        <span className="flex items-center gap-2 font-semibold">
          <img src="/logo.svg" alt="" className="size-7" /> Switchboard
        </span>
        <UserMenu user={user} />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pt-[8vh] pb-12">
        <Card className="w-full max-w-md">
          <CardHeader>
            <CardTitle className="text-xl">Welcome to Switchboard</CardTitle>
            <CardDescription>
              {hasOrgs
                ? "Select an organization to continue, or create a new one."
                : "Create an organization to get started."}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {hasOrgs && (
              <section aria-labelledby="your-orgs" className="grid gap-2">
                <h3 id="your-orgs" className="text-sm font-medium">
                  Your organizations
                </h3>
                <ul className="grid gap-2">
                  {user.organizations.map((org) => (
                    <OrgRow
                      key={org.id}
                      icon={Building2}
                      name={org.name}
                      detail={isAdminRole(org.role) ? "Admin" : "Member"}
                    >
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={selecting !== null}
                        onClick={() => select(org.id)}
                        aria-label={`Select ${org.name}`}
                      >
                        Select
                      </Button>
                    </OrgRow>
                  ))}
                </ul>
              </section>
            )}
            <PendingInvitations
              emailVerified={session?.user.emailVerified === true}
              onJoined={(orgId) => switchTo(orgId, null)}
            />
            {hasOrgs && <Separator />}
            <section aria-labelledby="new-org" className="grid gap-3">
              <h3 id="new-org" className="text-sm font-medium">
                Create an organization
              </h3>
              <CreateOrgForm autoFocus={!hasOrgs} />
            </section>
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
