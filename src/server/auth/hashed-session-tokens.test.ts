// Session tokens at rest (issue 10 #13, decision 025): the database holds only their hashes, and
// everything that uses a session (bearer, cookie refresh, organisation switch, revocation) still works.
import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, migrationsFolder } from "../db/client";
import { session } from "../db/tables";
import { getTestContext, type TestContext } from "../test/context";
import { call, createOrg, setActive, signUp } from "../test/http";
import { hashSessionToken } from "./hashed-session-tokens";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await getTestContext();
});

/** The raw session token inside a `set-auth-token` value (`<token>.<signature>`). */
const rawToken = (signed: string) => signed.split(".")[0]!;

async function signInAgain(email: string) {
  const res = await call(ctx.app, "POST", "/api/auth/sign-in/email", {
    body: { email, password: "correct-horse-battery" },
  });
  expect(res.status).toBe(200);
  return res.headers.get("set-auth-token")!;
}

const sessionRows = (userId: string) => db().select().from(session).where(eq(session.userId, userId));

describe("session tokens at rest", { timeout: 120_000 }, () => {
  it("security #13: the session table holds the token's SHA-256, not the token, and the token still works", async () => {
    const who = await signUp(ctx.app, "hashed");
    const second = await signInAgain(who.email);
    const stored = (await sessionRows(who.userId)).map((r) => r.token);
    expect(stored).toHaveLength(2);
    for (const token of [who.token, second]) {
      expect(stored).not.toContain(rawToken(token));
      expect(stored).toContain(hashSessionToken(rawToken(token)));
      expect((await call(ctx.app, "GET", "/api/getUser", { token })).status).toBe(200);
    }
  });

  it("security #13: a token copied from the database (a dump, a backup) opens no session", async () => {
    const who = await signUp(ctx.app, "dumped");
    const [row] = await sessionRows(who.userId);
    expect((await call(ctx.app, "GET", "/api/getUser", { token: row!.token })).status).toBe(401);
    const viaCookie = await call(ctx.app, "GET", "/api/auth/get-session", {
      headers: { cookie: `better-auth.session_token=${row!.token}` },
    });
    expect(viaCookie.body).toBeNull();
  });

  it("security #13: list-sessions shows stored hashes, which are no credentials", async () => {
    const who = await signUp(ctx.app, "listed");
    await signInAgain(who.email);
    const listed = await call(ctx.app, "GET", "/api/auth/list-sessions", { token: who.token });
    expect(listed.status).toBe(200);
    const tokens = (listed.body as Array<{ token: string }>).map((s) => s.token);
    expect(tokens).toHaveLength(2);
    for (const token of tokens) expect((await call(ctx.app, "GET", "/api/getUser", { token })).status).toBe(401);
  });

  it("security #13: a session refreshed by Better Auth keeps sending the token, not its hash", async () => {
    const who = await signUp(ctx.app, "refreshed");
    // Two days old: past the one-day update age, so the next read refreshes it and re-sets the cookie.
    const twoDaysOld = new Date(Date.now() + (30 - 2) * 24 * 3600 * 1000);
    await db().update(session).set({ expiresAt: twoDaysOld }).where(eq(session.userId, who.userId));
    const res = await call(ctx.app, "GET", "/api/auth/get-session", { token: who.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("set-auth-token")).toBe(who.token);
    const [row] = await sessionRows(who.userId);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(twoDaysOld.getTime());
    expect(row!.token).toBe(hashSessionToken(rawToken(who.token)));
    expect((await call(ctx.app, "GET", "/api/getUser", { token: who.token })).status).toBe(200);
  });

  it("security #13: switching organisation and signing out work on hashed sessions", async () => {
    const who = await signUp(ctx.app, "switching");
    const org = await createOrg(ctx.app, who);
    await setActive(ctx.app, who, org.id);
    const [row] = await sessionRows(who.userId);
    expect(row!.activeOrganizationId).toBe(org.id);
    expect((await call(ctx.app, "POST", "/api/auth/sign-out", { token: who.token, body: {} })).status).toBe(200);
    expect(await sessionRows(who.userId)).toHaveLength(0);
    expect((await call(ctx.app, "GET", "/api/getUser", { token: who.token })).status).toBe(401);
  });

  it("security #13: revoke-other-sessions ends the other sessions and keeps the caller's", async () => {
    const who = await signUp(ctx.app, "others");
    const b = await signInAgain(who.email);
    const c = await signInAgain(who.email);
    for (const token of [who.token, b, c])
      expect((await call(ctx.app, "GET", "/api/getUser", { token })).status).toBe(200);
    expect(
      (await call(ctx.app, "POST", "/api/auth/revoke-other-sessions", { token: who.token, body: {} })).status,
    ).toBe(200);
    expect((await call(ctx.app, "GET", "/api/getUser", { token: who.token })).status).toBe(200);
    expect((await call(ctx.app, "GET", "/api/getUser", { token: b })).status).toBe(401);
    expect((await call(ctx.app, "GET", "/api/getUser", { token: c })).status).toBe(401);
  });

  it("security #13: revoke-session ends a session named by its token, and only the caller's own", async () => {
    const who = await signUp(ctx.app, "revoker");
    const mine = await signInAgain(who.email);
    const stranger = await signUp(ctx.app, "stranger");
    // Someone else's session, by token or by what list-sessions would show: left alone.
    for (const token of [rawToken(stranger.token), hashSessionToken(rawToken(stranger.token))]) {
      expect(
        (await call(ctx.app, "POST", "/api/auth/revoke-session", { token: who.token, body: { token } })).status,
      ).toBe(200);
    }
    expect((await call(ctx.app, "GET", "/api/getUser", { token: stranger.token })).status).toBe(200);
    expect(
      (await call(ctx.app, "POST", "/api/auth/revoke-session", { token: who.token, body: { token: rawToken(mine) } }))
        .status,
    ).toBe(200);
    expect((await call(ctx.app, "GET", "/api/getUser", { token: mine })).status).toBe(401);
    expect((await call(ctx.app, "GET", "/api/getUser", { token: who.token })).status).toBe(200);
  });

  it("security #13: a session stored in plain text before the upgrade keeps working once the migration hashed it", async () => {
    const who = await signUp(ctx.app, "legacy");
    const legacyToken = randomBytes(24).toString("base64url").slice(0, 32);
    await db()
      .insert(session)
      .values({
        id: randomUUID(),
        token: legacyToken,
        userId: who.userId,
        expiresAt: new Date(Date.now() + 24 * 3600 * 1000),
      });
    const migration = readFileSync(path.join(migrationsFolder(), "0006_hash_session_tokens.sql"), "utf8");
    await db().execute(sql.raw(migration));
    const rows = await sessionRows(who.userId);
    expect(rows.map((r) => r.token)).toContain(hashSessionToken(legacyToken));
    expect(rows.map((r) => r.token)).not.toContain(legacyToken);
    // Hashed rows are left as they are: the user's own session still works too.
    expect((await call(ctx.app, "GET", "/api/getUser", { token: legacyToken })).status).toBe(200);
    expect((await call(ctx.app, "GET", "/api/getUser", { token: who.token })).status).toBe(200);
  });
});
