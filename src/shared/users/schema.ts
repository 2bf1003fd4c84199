// User Management (hub spec §2, §3, §4, §5, §7): the rows, the activity states and the metadata rules.
import { z } from "zod";
import type { Role } from "../roles";

export type ActivityStatus = "active" | "pending" | "expired" | "inactive";
export const ACTIVITY_STATUSES: ActivityStatus[] = ["active", "pending", "expired", "inactive"];
export const ACTIVITY_LABELS: Record<ActivityStatus, string> = {
  active: "Active",
  pending: "Pending",
  expired: "Expired",
  inactive: "Inactive",
};

/** A member of the organisation, or (isInvitation) an invitation shown as a row. */
export interface OrgUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  profileImageUrl: string | null;
  publicMetadata: Record<string, string>;
  role: Role;
  activityStatus: ActivityStatus;
  lastSignInAt: string | null;
  createdAt: string;
  joinedAt: string | null;
  invitationCreatedAt: string | null;
  isInvitation: boolean;
}

export interface OrgInvitation {
  id: string;
  emailAddress: string;
  /** pending, or revoked (cancelled, rejected); a pending one past its expiry is expired. */
  status: "pending" | "revoked" | "expired";
  role: Role;
  publicMetadata: Record<string, string>;
  createdAt: string;
  expiresAt: string;
}

export interface ListResponse<T> {
  data: T[];
  totalCount: number;
}

export const METADATA_MAX_ENTRIES = 50;
export const METADATA_KEY_MAX = 100;
export const METADATA_VALUE_MAX = 500;

/** USER-15/16: keys and values trimmed; a value may not be empty ("Value cannot be empty"). */
export const metadataEntry = z.object({
  key: z
    .string()
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, "Key cannot be empty")
        .max(METADATA_KEY_MAX, `Key must be at most ${METADATA_KEY_MAX} characters`),
    ),
  value: z
    .string({ invalid_type_error: "Value cannot be empty", required_error: "Value cannot be empty" })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, "Value cannot be empty")
        .max(METADATA_VALUE_MAX, `Value must be at most ${METADATA_VALUE_MAX} characters`),
    ),
});

export const updateUserMetadataInput = z.object({
  userId: z.string({ required_error: "userId is required" }).min(1, "userId is required").max(200),
  metadata: z
    .record(z.string(), z.string({ invalid_type_error: "Value cannot be empty" }), {
      required_error: "metadata is required",
      invalid_type_error: "metadata must be a map of keys to values",
    })
    .superRefine((m, ctx) => {
      const entries = Object.entries(m);
      if (entries.length > METADATA_MAX_ENTRIES)
        ctx.addIssue({ code: "custom", message: `At most ${METADATA_MAX_ENTRIES} metadata entries` });
      for (const [key, value] of entries) {
        const parsed = metadataEntry.safeParse({ key, value });
        if (!parsed.success) ctx.addIssue({ code: "custom", message: parsed.error.issues[0]!.message, path: [key] });
      }
    })
    .transform((m) => Object.fromEntries(Object.entries(m).map(([k, v]) => [k.trim(), v.trim()]))),
});

export const PENDING_EDIT_TITLE = "Cannot edit pending invitations";
export const PENDING_EDIT_ERROR = "Cannot edit pending invitations. Wait for the user to accept the invitation.";

/** USER-14: a pending invitation is pending (expired once past its expiry); any other status is inactive. */
export function invitationActivity(inv: Pick<OrgInvitation, "status">): ActivityStatus {
  return inv.status === "pending" ? "pending" : inv.status === "expired" ? "expired" : "inactive";
}

/** An invitation as a row of the users list. */
export function invitationRow(inv: OrgInvitation): OrgUser {
  return {
    id: inv.id,
    email: inv.emailAddress,
    firstName: null,
    lastName: null,
    username: null,
    profileImageUrl: null,
    publicMetadata: inv.publicMetadata,
    role: inv.role,
    activityStatus: invitationActivity(inv),
    lastSignInAt: null,
    createdAt: inv.createdAt,
    joinedAt: null,
    invitationCreatedAt: inv.createdAt,
    isInvitation: true,
  };
}

const ORDER: Record<ActivityStatus, number> = { active: 0, pending: 1, inactive: 2, expired: 2 };

/** USER-12: active, then pending, then inactive or expired; by name or email within a group. */
export function sortUsers(users: OrgUser[]): OrgUser[] {
  const label = (u: OrgUser) => displayName(u).toLowerCase();
  return [...users].sort(
    (a, b) => ORDER[a.activityStatus] - ORDER[b.activityStatus] || label(a).localeCompare(label(b)),
  );
}

/** USER-04: the full name, or the email when there is none. */
export function displayName(u: Pick<OrgUser, "firstName" | "lastName" | "email">): string {
  const full = [u.firstName, u.lastName].filter(Boolean).join(" ").trim();
  return full || u.email;
}

export function filterUsers(users: OrgUser[], f: { status: "all" | ActivityStatus; role: "all" | Role }): OrgUser[] {
  return users.filter(
    (u) => (f.status === "all" || u.activityStatus === f.status) && (f.role === "all" || u.role === f.role),
  );
}
