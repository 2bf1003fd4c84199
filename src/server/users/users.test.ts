import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getTestContext, type TestContext } from "../test/context";
import { addMember, call, createOrg, signUp, uniqueEmail, type Identity } from "../test/http";
import { db } from "../db/client";
import { invitation } from "../db/tables";

let ctx: TestContext;
let admin: Identity;
let memberUser: Identity;
let orgId: string;

const as = (who: Identity, method: string, path: string, body?: unknown) =>
  call(ctx.app, method, `${path}?orgId=${orgId}`, { token: who.token, body });
const invite = async (email: string, role = "org:member") => {
  const res = await call(ctx.app, "POST", "/api/auth/organization/invite-member", {
    token: admin.token,
    body: { email, role, organizationId: orgId },
  });
  expect(res.status).toBe(200);
  return res.body.id as string;
};

beforeAll(async () => {
  ctx = await getTestContext();
  admin = await signUp(ctx.app, "users-admin");
  memberUser = await signUp(ctx.app, "users-member");
  orgId = (await createOrg(ctx.app, admin)).id;
  await addMember(ctx.app, admin, orgId, memberUser, "org:member");
});

describe("GET /api/admin/users", () => {
  it("[API-44] [USER-20] lists the organisation's members with every field of §3, for admins", async () => {
    const res = await as(admin, "GET", "/api/admin/users");
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(2);
    const m = res.body.data.find((u: { id: string }) => u.id === memberUser.userId);
    expect(m).toEqual({
      id: memberUser.userId,
      email: memberUser.email,
      firstName: "Users-member",
      lastName: "Tester",
      username: null,
      profileImageUrl: null,
      publicMetadata: expect.any(Object), // another test may have set it (tests run shuffled)
      role: "org:member",
      activityStatus: "active",
      lastSignInAt: expect.any(String),
      createdAt: expect.any(String),
      joinedAt: expect.any(String),
      invitationCreatedAt: null,
      isInvitation: false,
    });
    expect(res.body.data.find((u: { id: string }) => u.id === admin.userId).role).toBe("org:admin");
  });

  it("members get 403 in the spec's words", async () => {
    for (const [path, action] of [
      ["/api/admin/users", "view users"],
      ["/api/admin/invitations", "view invitations"],
    ]) {
      const res = await as(memberUser, "GET", path!);
      expect(res.status).toBe(403);
      expect(res.body.error).toBe(`Only organization admins can ${action}`);
    }
    const res = await as(memberUser, "POST", "/api/admin/updateUserMetadata", {
      userId: memberUser.userId,
      metadata: { a: "b" },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("Only organization admins can edit user metadata");
  });
});

describe("GET /api/admin/invitations", () => {
  it("[API-45] [USER-21] [USER-14] pending, expired and revoked invitations; accepted ones are members", async () => {
    const pendingEmail = uniqueEmail("pending");
    const pendingId = await invite(pendingEmail, "org:admin");
    const expiredId = await invite(uniqueEmail("expired"));
    await db()
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, expiredId));
    const revokedId = await invite(uniqueEmail("revoked"));
    const cancel = await call(ctx.app, "POST", "/api/auth/organization/cancel-invitation", {
      token: admin.token,
      body: { invitationId: revokedId },
    });
    expect(cancel.status).toBe(200);

    const res = await as(admin, "GET", "/api/admin/invitations");
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.map((i: { id: string }) => [i.id, i]));
    expect(byId.get(pendingId)).toEqual({
      id: pendingId,
      emailAddress: pendingEmail,
      status: "pending",
      role: "org:admin",
      publicMetadata: {},
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(byId.get(expiredId)).toMatchObject({ status: "expired" });
    expect(byId.get(revokedId)).toMatchObject({ status: "revoked" });
    // The member's accepted invitation is not listed.
    expect(res.body.data.some((i: { emailAddress: string }) => i.emailAddress === memberUser.email)).toBe(false);
    expect(res.body.totalCount).toBe(res.body.data.length);
  });
});

describe("POST /api/admin/updateUserMetadata", () => {
  it("[API-46] [USER-16] stores the trimmed map on the membership; the users list shows it", async () => {
    const res = await as(admin, "POST", "/api/admin/updateUserMetadata", {
      userId: memberUser.userId,
      metadata: { "  department ": "  Sales ", region: "EMEA" },
    });
    expect(res.status).toBe(200);
    expect(res.body.publicMetadata).toEqual({ department: "Sales", region: "EMEA" });
    const list = await as(admin, "GET", "/api/admin/users");
    expect(list.body.data.find((u: { id: string }) => u.id === memberUser.userId).publicMetadata).toEqual({
      department: "Sales",
      region: "EMEA",
    });
  });

  it("[USER-15] an empty value or key is refused in words", async () => {
    const empty = await as(admin, "POST", "/api/admin/updateUserMetadata", {
      userId: memberUser.userId,
      metadata: { department: "   " },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("Value cannot be empty");
    const noKey = await as(admin, "POST", "/api/admin/updateUserMetadata", {
      userId: memberUser.userId,
      metadata: { " ": "x" },
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body.error).toBe("Key cannot be empty");
    const notString = await as(admin, "POST", "/api/admin/updateUserMetadata", {
      userId: memberUser.userId,
      metadata: { a: 5 },
    });
    expect(notString.status).toBe(400);
    expect(notString.body.error).toBe("Value cannot be empty");
  });

  it("[USER-10] a pending invitation cannot be edited, in the spec's words", async () => {
    const id = await invite(uniqueEmail("edit-pending"));
    const res = await as(admin, "POST", "/api/admin/updateUserMetadata", { userId: id, metadata: { a: "b" } });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("Cannot edit pending invitations. Wait for the user to accept the invitation.");
  });

  it("metadata is per organisation: another organisation's notes about the same person stay there", async () => {
    const other = await createOrg(ctx.app, admin);
    await addMember(ctx.app, admin, other.id, memberUser, "org:member");
    const res = await call(ctx.app, "POST", `/api/admin/updateUserMetadata?orgId=${other.id}`, {
      token: admin.token,
      body: { userId: memberUser.userId, metadata: { secret: "other-org-note" } },
    });
    expect(res.status).toBe(200);
    const list = await as(admin, "GET", "/api/admin/users");
    expect(list.text).not.toContain("other-org-note");
    // Someone outside the organisation is not found.
    const stranger = await signUp(ctx.app, "stranger");
    const missing = await as(admin, "POST", "/api/admin/updateUserMetadata", {
      userId: stranger.userId,
      metadata: { a: "b" },
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("User not found");
  });
});
