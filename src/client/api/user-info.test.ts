import { describe, expect, it } from "vitest";
import type { UserInfo, UserOrganization } from "@/shared/org";
import { activeOrganization, isUserInfoKey, userInfoKey } from "./user-info";
import { makeOrg, makeUser } from "@/client/test/org-fixtures";

const org = (id: string): UserOrganization => makeOrg({ id, name: id.toUpperCase(), slug: id });
const info = (activeOrganizationId: string | null, orgs: string[]): UserInfo =>
  makeUser({ activeOrganizationId, organizations: orgs.map(org) });

describe("user info", () => {
  it("[API-07] the request names the active organisation", () => {
    expect(userInfoKey("org 1")).toBe("/api/getUser?orgId=org%201");
    expect(userInfoKey(null)).toBe("/api/getUser");
    expect(isUserInfoKey(userInfoKey("a"))).toBe(true);
    expect(isUserInfoKey("/api/agents?orgId=a")).toBe(false);
  });

  it("[SHELL-02] no active organisation when the session names none or one the user is not in", () => {
    expect(activeOrganization(info(null, ["a"]))).toBeNull();
    expect(activeOrganization(info("b", ["a"]))).toBeNull();
    expect(activeOrganization(undefined)).toBeNull();
    expect(activeOrganization(info("a", ["a", "b"]))?.id).toBe("a");
  });
});
