// The signed-in user and their active organisation, for everything inside the shell.
import { createContext, useContext, type ReactNode } from "react";
import type { UserInfo, UserOrganization } from "@/shared/org";
import { isAdminRole } from "@/shared/roles";

interface ActiveOrgValue {
  user: UserInfo;
  org: UserOrganization;
  isAdmin: boolean;
}

const ActiveOrgContext = createContext<ActiveOrgValue | null>(null);

export function ActiveOrgProvider({
  user,
  org,
  children,
}: {
  user: UserInfo;
  org: UserOrganization;
  children: ReactNode;
}) {
  return (
    <ActiveOrgContext.Provider value={{ user, org, isAdmin: isAdminRole(org.role) }}>
      {children}
    </ActiveOrgContext.Provider>
  );
}

export function useActiveOrg(): ActiveOrgValue {
  const value = useContext(ActiveOrgContext);
  if (!value) throw new Error("useActiveOrg must be used inside the app shell.");
  return value;
}
