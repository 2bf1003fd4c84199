/** The two roles of the product. A user is an admin exactly when their role is `org:admin`. */
export const ADMIN_ROLE = "org:admin";
export const MEMBER_ROLE = "org:member";
export const ROLES = [ADMIN_ROLE, MEMBER_ROLE] as const;
export type Role = (typeof ROLES)[number];

export const isAdminRole = (role: string | null | undefined): boolean => role === ADMIN_ROLE;

/** The spec's 403 text for an admin-only action: "Only organization admins can <action>". */
export const adminOnlyMessage = (action: string) => `Only organization admins can ${action}`;
