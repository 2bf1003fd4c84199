// Linking a Google account through Better Auth against a loopback Google stand-in (oidc-provider):
// the scopes granted there become getUser's approvedScopes, which decide whether Google Sheets is
// connected (decision 020).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { createApp, type App } from "../app";
import { createAuth } from "../auth/auth";
import { account } from "../db/tables";
import { getTestContext, testConfig, type TestContext } from "../test/context";
import { call, signUp, type Identity } from "../test/http";
import { SHEETS_SCOPE, startFakeGoogle, type FakeGoogle } from "../../../e2e/support/fake-google";
import { INTEGRATION_BY_KEY, isOAuthConnected } from "../../shared/connections/integrations";
import type { ExternalAccount } from "../../shared/org";
import { betterAuthSecret, decryptOAuthToken } from "../auth/oauth-tokens";
import { GOOGLE_SHEETS_NOT_CONNECTED, googleAccessToken } from "../google/access-token";
import { createTenancyFixture } from "../test/tenancy-fixture";
import { setGoogleOAuthClient } from "../google/oauth-client";

const PUBLIC_URL = "http://localhost:3000";
const sheets = INTEGRATION_BY_KEY["google-sheets"]!;

let ctx: TestContext;
let google: FakeGoogle;
let app: App;
// Google accounts stay linked in a database reused across runs: each run signs in as new people.
const run = Math.random().toString(36).slice(2, 8);
const OWNER_LOGIN = `sheets-owner-${run}@workspace.test`;
const UNLINK_LOGIN = `sheets-unlink-${run}@workspace.test`;
const PLAIN_LOGIN = `plain-google-user-${run}`;
const STRANGER_LOGIN = `stranger-${run}@workspace.test`;

beforeAll(async () => {
  ctx = await getTestContext();
  // Better Auth reads the discovery document when it starts, so the stand-in comes first.
  google = await startFakeGoogle({ redirectUris: [`${PUBLIC_URL}/api/auth/callback/google`] });
  const config = testConfig({
    PUBLIC_URL,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_DISCOVERY_URL: google.discoveryUrl,
  });
  app = createApp({
    config,
    // The server's own secret, so the tokens it stores can be read back as the Sheets tools do.
    auth: createAuth({ db: ctx.services.database.db, config, secret: betterAuthSecret(ctx.services.secrets) }),
  });
});

afterAll(async () => {
  setGoogleOAuthClient(null);
  await google?.close();
});

/** Cookies as a browser keeps them for one site (names are distinct enough here to ignore paths). */
class Jar {
  private cookies = new Map<string, string>();
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/**
 * What a person does in the browser: start the link in Switchboard, sign in at "Google" as `login`,
 * approve, and come back through Better Auth's callback. Returns where Switchboard sends them last.
 */
async function linkGoogle(who: Identity, login: string, scopes?: string[], extra: Record<string, unknown> = {}) {
  const start = await app.request("/api/auth/link-social", {
    method: "POST",
    headers: { authorization: `Bearer ${who.token}`, "content-type": "application/json", origin: PUBLIC_URL },
    body: JSON.stringify({
      provider: "google",
      callbackURL: "/control-hub/integrations",
      ...(scopes ? { scopes } : {}),
      ...extra,
    }),
  });
  return throughGoogle(start, login);
}

async function throughGoogle(start: Response, login: string) {
  const appJar = new Jar();
  expect(start.status).toBe(200);
  appJar.take(start);
  const { url } = (await start.json()) as { url: string };
  const authorize = new URL(url);
  expect(authorize.origin).toBe(google.url);

  const idpJar = new Jar();
  let next = url;
  for (let hop = 0; hop < 20; hop++) {
    if (next.startsWith(PUBLIC_URL)) {
      const back = await app.request(next.slice(PUBLIC_URL.length), { headers: { cookie: appJar.header() } });
      const setsSession = back.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token="));
      return { authorize, status: back.status, location: back.headers.get("location") ?? "", setsSession };
    }
    let res = await fetch(next, { redirect: "manual", headers: { cookie: idpJar.header() } });
    idpJar.take(res);
    if (res.status === 200) {
      // A development interaction page: the login form, then the consent form.
      const html = await res.text();
      const action = new URL(/<form[^>]*action="([^"]+)"/.exec(html)![1]!.replace(/&amp;/g, "&"), google.url);
      const prompt = /name="prompt" value="(\w+)"/.exec(html)![1]!;
      const form: Record<string, string> =
        prompt === "login" ? { prompt, login, password: "any-password" } : { prompt };
      res = await fetch(action, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: idpJar.header(), "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(form).toString(),
      });
      idpJar.take(res);
    }
    expect([302, 303]).toContain(res.status);
    next = new URL(res.headers.get("location")!, next).toString();
  }
  throw new Error("the Google sign-in never came back to Switchboard");
}

async function externalAccounts(who: Identity, via = app): Promise<ExternalAccount[]> {
  const me = await call(via, "GET", "/api/getUser", { token: who.token });
  expect(me.status).toBe(200);
  return me.body.externalAccounts;
}

describe("linking a Google account", () => {
  it("[INTEG-03] with the spreadsheets scope: getUser lists the approved scopes and Google Sheets is connected", async () => {
    const who = await signUp(app, "sheets");
    expect(isOAuthConnected(sheets, await externalAccounts(who))).toBe(false);

    // A different address than the Switchboard login: the Google account that owns the sheets.
    const linked = await linkGoogle(who, OWNER_LOGIN, [SHEETS_SCOPE]);
    expect(linked.authorize.searchParams.get("scope")!.split(" ")).toEqual(
      expect.arrayContaining(["openid", "email", "profile", SHEETS_SCOPE]),
    );
    expect(linked.authorize.searchParams.get("prompt")).toBe("consent");
    expect(linked.authorize.searchParams.get("access_type")).toBe("offline");
    expect(linked.status).toBe(302);
    expect(linked.location).toBe("/control-hub/integrations");

    const accounts = await externalAccounts(who);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.provider).toBe("google");
    expect(accounts[0]!.approvedScopes).toEqual(expect.arrayContaining(["openid", "email", "profile", SHEETS_SCOPE]));
    expect(isOAuthConnected(sheets, accounts)).toBe(true);

    // The tokens stay on the server: stored (encrypted or not) but never in getUser.
    const [row] = await ctx.services.database.db
      .select()
      .from(account)
      .where(and(eq(account.userId, who.userId), eq(account.providerId, "google")));
    expect(row!.accessToken).toBeTruthy();
    expect(row!.accountId).toBe(OWNER_LOGIN);
    const me = await call(app, "GET", "/api/getUser", { token: who.token });
    expect(me.text).not.toContain(row!.accessToken!);
    expect(me.text).not.toContain(google.clientSecret);
    // The Switchboard login keeps its own address.
    expect(me.body.email).toBe(who.email);
  });

  it("offline access: the refresh token is stored encrypted and renews the access token at Google's token endpoint", async () => {
    const who = await signUp(app, "offline");
    await linkGoogle(who, `offline-${run}@workspace.test`, [SHEETS_SCOPE]);
    const [row] = await ctx.services.database.db
      .select()
      .from(account)
      .where(and(eq(account.userId, who.userId), eq(account.providerId, "google")));
    // Better Auth's encryption: hex ciphertext, never the token Google issued.
    expect(row!.refreshToken).toMatch(/^[0-9a-f]+$/);
    expect(row!.accessToken).toMatch(/^[0-9a-f]+$/);
    const first = await decryptOAuthToken(row!.accessToken!);
    expect(first).not.toBe(row!.accessToken);
    const userinfo = async (token: string) =>
      (await fetch(`${google.url}/me`, { headers: { authorization: `Bearer ${token}` } })).status;
    expect(await userinfo(first)).toBe(200);

    setGoogleOAuthClient({
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      discoveryUrl: google.discoveryUrl,
    });
    const renewed = await googleAccessToken({ userId: who.userId, renew: true });
    expect(renewed).not.toBe(first);
    expect(await userinfo(renewed)).toBe(200);
    // Without renew the stored (new) token is handed out as it is.
    expect(await googleAccessToken({ userId: who.userId })).toBe(renewed);
  });

  it("[INTEG-03] without the spreadsheets scope Google Sheets stays not connected; linking again with it connects", async () => {
    const who = await signUp(app, "noscope");
    const linked = await linkGoogle(who, PLAIN_LOGIN);
    expect(linked.location).toBe("/control-hub/integrations");
    let accounts = await externalAccounts(who);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.approvedScopes).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
    expect(accounts[0]!.approvedScopes).not.toContain(SHEETS_SCOPE);
    expect(isOAuthConnected(sheets, accounts)).toBe(false);

    // The same Google account again, now granting Sheets: still one account, with the scope added.
    await linkGoogle(who, PLAIN_LOGIN, [SHEETS_SCOPE]);
    accounts = await externalAccounts(who);
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.approvedScopes).toContain(SHEETS_SCOPE);
    expect(isOAuthConnected(sheets, accounts)).toBe(true);
  });

  it("[INTEG-15] a linked Google account can be unlinked: Google Sheets is no longer connected; nobody else can unlink it", async () => {
    const who = await signUp(app, "unlinks");
    await linkGoogle(who, UNLINK_LOGIN, [SHEETS_SCOPE]);
    const [linked] = await externalAccounts(who);
    expect(isOAuthConnected(sheets, [linked!])).toBe(true);

    // Another user cannot unlink it by its id.
    const other = await signUp(app, "stranger");
    const refused = await call(app, "POST", "/api/auth/unlink-account", {
      token: other.token,
      body: { accountId: linked!.id },
      headers: { origin: PUBLIC_URL },
    });
    expect(refused.status).toBe(400);
    expect(await externalAccounts(who)).toHaveLength(1);

    const res = await call(app, "POST", "/api/auth/unlink-account", {
      token: who.token,
      body: { accountId: linked!.id },
      headers: { origin: PUBLIC_URL },
    });
    expect(res.status).toBe(200);
    const after = await externalAccounts(who);
    expect(after).toEqual([]);
    expect(isOAuthConnected(sheets, after)).toBe(false);
    // The Switchboard login itself is untouched.
    expect((await call(app, "GET", "/api/getUser", { token: who.token })).status).toBe(200);
  });

  it("Google is not a way in: no sign-up, and no sign-in into the user sharing its email", async () => {
    const signInWithGoogle = async (login: string) => {
      const start = await app.request("/api/auth/sign-in/social", {
        method: "POST",
        headers: { "content-type": "application/json", origin: PUBLIC_URL },
        body: JSON.stringify({ provider: "google", callbackURL: "/", errorCallbackURL: "/sign-in" }),
      });
      return throughGoogle(start, login);
    };

    const stranger = await signInWithGoogle(STRANGER_LOGIN);
    expect(stranger.location).toBe("/sign-in?error=signup_disabled");
    expect(stranger.setsSession).toBe(false);

    // Someone holding a Google account with a Switchboard user's address is still not that user.
    const who = await signUp(app, "sameaddress");
    const sameEmail = await signInWithGoogle(who.email);
    expect(sameEmail.location).toBe("/sign-in?error=account_not_linked");
    expect(sameEmail.setsSession).toBe(false);
    expect(await externalAccounts(who)).toEqual([]);
  });

  it("without Google configured the server has no google provider", async () => {
    const who = await signUp(ctx.app, "nogoogle");
    const res = await call(ctx.app, "POST", "/api/auth/link-social", {
      token: who.token,
      body: { provider: "google", scopes: [SHEETS_SCOPE], callbackURL: "/control-hub/integrations" },
      headers: { origin: "http://localhost:3000" },
    });
    expect(res.status).toBe(404);
    expect(await externalAccounts(who, ctx.app)).toEqual([]);
  });
});

// Decision 102: linking one's own Google account is not an admin action. A member starts it from the
// failed Sheets tool card in a chat and comes back to that chat.
describe("a member links their own Google account", () => {
  it("a member (not an admin) links Google from a chat and returns to it; only their own account is linked", async () => {
    const f = await createTenancyFixture(app);
    const chat = "/chat/4f1c2d9e-member-chat";
    // A body naming someone else is no way to link for them: the session decides whose account it is.
    const linked = await linkGoogle(f.a.member, `member-${run}@workspace.test`, [SHEETS_SCOPE], {
      callbackURL: chat,
      errorCallbackURL: chat,
      userId: f.a.admin.userId,
    });
    expect(linked.status).toBe(302);
    expect(linked.location).toBe(chat);

    const mine = await externalAccounts(f.a.member);
    expect(mine).toHaveLength(1);
    expect(isOAuthConnected(sheets, mine)).toBe(true);
    // Nobody else gained (or lost) a Google account: not the organisation's admin, not another organisation.
    for (const other of [f.a.admin, f.b.admin, f.b.member, f.outsider])
      expect(await externalAccounts(other)).toEqual([]);

    setGoogleOAuthClient({
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      discoveryUrl: google.discoveryUrl,
    });
    expect(await googleAccessToken({ userId: f.a.member.userId })).toBeTruthy();
    await expect(googleAccessToken({ userId: f.a.admin.userId })).rejects.toThrow(GOOGLE_SHEETS_NOT_CONNECTED);
    // Nothing the member can call returns the tokens.
    const me = await call(app, "GET", "/api/getUser", { token: f.a.member.token });
    const [row] = await ctx.services.database.db
      .select()
      .from(account)
      .where(and(eq(account.userId, f.a.member.userId), eq(account.providerId, "google")));
    expect(me.text).not.toContain(row!.accessToken!);
    expect(me.text).not.toContain(row!.refreshToken!);
  });

  it("a member cannot take over a Google account another user linked: the chat gets the error, both stay as they were", async () => {
    const f = await createTenancyFixture(app);
    const shared = `taken-${run}@workspace.test`;
    await linkGoogle(f.b.admin, shared, [SHEETS_SCOPE]);
    const [theirs] = await externalAccounts(f.b.admin);

    const chat = "/chat/0b7e-member-chat";
    const attempt = await linkGoogle(f.a.member, shared, [SHEETS_SCOPE], { callbackURL: chat, errorCallbackURL: chat });
    expect(attempt.status).toBe(302);
    expect(attempt.location).toBe(`${chat}?error=account_already_linked_to_different_user`);
    expect(await externalAccounts(f.a.member)).toEqual([]);
    expect(await externalAccounts(f.b.admin)).toEqual([theirs]);
  });

  it("starting a link needs a signed-in user", async () => {
    const res = await app.request("/api/auth/link-social", {
      method: "POST",
      headers: { "content-type": "application/json", origin: PUBLIC_URL },
      body: JSON.stringify({ provider: "google", scopes: [SHEETS_SCOPE], callbackURL: "/chat" }),
    });
    expect(res.status).toBe(401);
  });
});
