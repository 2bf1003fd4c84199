// The way into User Management (rulings: /control-hub/organization, reached from Settings, admins only).
import { Link } from "react-router";
import { Users } from "lucide-react";
import { useActiveOrg } from "@/client/components/shell/active-org";
import { Button } from "@/client/components/ui/button";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "@/client/components/ui/card";

export function UserManagementCard() {
  const { isAdmin } = useActiveOrg();
  if (!isAdmin) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>User Management</CardTitle>
        <CardDescription>See your organization's members and invitations, and edit their metadata.</CardDescription>
      </CardHeader>
      <CardFooter>
        <Button asChild variant="outline">
          <Link to="/control-hub/organization">
            <Users className="size-4" aria-hidden /> Manage Users
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
