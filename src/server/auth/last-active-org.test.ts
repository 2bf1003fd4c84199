// Issue 17 #21: a new sign-in starts in the organisation the user last used, or their only one.
import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../test/context";
import { addMember, call, createOrg, setActive, signUp, type Identity } from "../test/http";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestContext();
});

const password = "correct-horse-battery";
async function signIn(who: Identity): Promise<Identity> {
  const res = await call(ctx.app, "POST", "/api/auth/sign-in/email", { body: { email: who.email, password } });
  expect(res.status).toBe(200);
  return { ...who, token: res.headers.get("set-auth-token")! };
}
const activeOrg = async (who: Identity) =>
  (await call(ctx.app, "GET", "/api/getUser", { token: who.token })).body.activeOrganizationId ?? null;

describe("where a new session starts", () => {
  it("[SHELL-08] in the organisation the user switched to last, across sign-ins", async () => {
    const who = await signUp(ctx.app, "returning");
    const one = await createOrg(ctx.app, who, "Return One");
    const two = await createOrg(ctx.app, who, "Return Two");
    await setActive(ctx.app, who, one.id);
    expect(await activeOrg(await signIn(who))).toBe(one.id);
    await setActive(ctx.app, who, two.id);
    expect(await activeOrg(await signIn(who))).toBe(two.id);
  });

  it("[SHELL-02] in a user's only organisation; with none, or several and none remembered, on the welcome screen", async () => {
    const fresh = await signUp(ctx.app, "nobody");
    expect(await activeOrg(await signIn(fresh))).toBeNull();

    const admin = await signUp(ctx.app, "inviter");
    const org = await createOrg(ctx.app, admin, "Only Org");
    const joiner = await signUp(ctx.app, "joiner");
    await addMember(ctx.app, admin, org.id, joiner, "org:member");
    expect(await activeOrg(await signIn(joiner))).toBe(org.id);
  });

  it("[SHELL-08] not in an organisation the user has since left", async () => {
    const admin = await signUp(ctx.app, "owner");
    const kept = await createOrg(ctx.app, admin, "Kept Org");
    const left = await createOrg(ctx.app, admin, "Left Org");
    const who = await signUp(ctx.app, "leaver");
    await addMember(ctx.app, admin, kept.id, who, "org:member");
    await addMember(ctx.app, admin, left.id, who, "org:member");
    await setActive(ctx.app, who, left.id);
    const removed = await call(ctx.app, "POST", "/api/auth/organization/remove-member", {
      token: admin.token,
      body: { memberIdOrEmail: who.email, organizationId: left.id },
    });
    expect(removed.status).toBe(200);
    // One membership remains, so that is where the next session starts.
    expect(await activeOrg(await signIn(who))).toBe(kept.id);
  });
});
