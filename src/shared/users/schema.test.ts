import { describe, expect, it } from "vitest";
import {
  displayName,
  filterUsers,
  invitationActivity,
  invitationRow,
  sortUsers,
  updateUserMetadataInput,
  type OrgUser,
} from "./schema";

const user = (over: Partial<OrgUser>): OrgUser => ({
  id: over.email ?? "id",
  email: "x@example.com",
  firstName: null,
  lastName: null,
  username: null,
  profileImageUrl: null,
  publicMetadata: {},
  role: "org:member",
  activityStatus: "active",
  lastSignInAt: null,
  createdAt: "2026-11-01T00:00:00Z",
  joinedAt: null,
  invitationCreatedAt: null,
  isInvitation: false,
  ...over,
});

describe("user management rules", () => {
  it("[USER-04] full name, or the email when there is none", () => {
    expect(displayName(user({ firstName: "Ada", lastName: "Lovelace" }))).toBe("Ada Lovelace");
    expect(displayName(user({ firstName: "Ada" }))).toBe("Ada");
    expect(displayName(user({ email: "ada@example.com" }))).toBe("ada@example.com");
  });

  it("[USER-14] [USER-13] a pending invitation is pending, past expiry expired, anything else inactive", () => {
    expect(invitationActivity({ status: "pending" })).toBe("pending");
    expect(invitationActivity({ status: "expired" })).toBe("expired");
    expect(invitationActivity({ status: "revoked" })).toBe("inactive");
    const row = invitationRow({
      id: "inv1",
      emailAddress: "new@example.com",
      status: "pending",
      role: "org:admin",
      publicMetadata: {},
      createdAt: "2026-11-20T00:00:00Z",
      expiresAt: "2026-11-30T00:00:00Z",
    });
    expect(row).toMatchObject({
      isInvitation: true,
      activityStatus: "pending",
      invitationCreatedAt: "2026-11-20T00:00:00Z",
    });
  });

  it("[USER-12] active first, then pending, then inactive or expired", () => {
    const sorted = sortUsers([
      user({ email: "e@x", activityStatus: "expired" }),
      user({ email: "p@x", activityStatus: "pending" }),
      user({ email: "i@x", activityStatus: "inactive" }),
      user({ email: "a@x", activityStatus: "active" }),
    ]);
    expect(sorted.map((u) => u.activityStatus)).toEqual(["active", "pending", "expired", "inactive"]);
  });

  it("[USER-01] [USER-02] filters by activity status and role", () => {
    const users = [
      user({ email: "a@x", role: "org:admin" }),
      user({ email: "b@x", activityStatus: "pending" }),
      user({ email: "c@x", activityStatus: "expired", role: "org:admin" }),
    ];
    expect(filterUsers(users, { status: "all", role: "org:admin" }).map((u) => u.email)).toEqual(["a@x", "c@x"]);
    expect(filterUsers(users, { status: "pending", role: "all" }).map((u) => u.email)).toEqual(["b@x"]);
    expect(filterUsers(users, { status: "inactive", role: "all" })).toEqual([]);
  });

  it("[USER-15] [USER-16] metadata is trimmed and a value may not be empty", () => {
    expect(updateUserMetadataInput.parse({ userId: "u", metadata: { " k ": " v " } }).metadata).toEqual({ k: "v" });
    const bad = updateUserMetadataInput.safeParse({ userId: "u", metadata: { k: "  " } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("Value cannot be empty");
  });
});
