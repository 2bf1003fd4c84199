// The Better Auth instance: email + password, cookie sessions for the SPA, bearer tokens for scripts,
// organisations with the product's two roles, and (when configured) Google as a provider that users
// link to their account to grant integrations such as Google Sheets access (decision 020).
import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer, genericOAuth, organization } from "better-auth/plugins";
import type { Config } from "../config";
import type { Db } from "../db/client";
import * as tables from "../db/tables";
import { ADMIN_ROLE, ROLES } from "../../shared/roles";
import { ac, roles } from "./access";
import { emailAuthOptions } from "./email-options";
import { assertStorableUrl, assertUserName, ORG_LOGO_MESSAGE, USER_IMAGE_MESSAGE } from "./url-fields";
import { withHashedSessionTokens } from "./hashed-session-tokens";
import { passwordPolicy } from "./password-policy";
import { sessionRevocation } from "./session-revocation";
import { signInGuard } from "./sign-in-guard";
import { lastActiveOrgHooks } from "./last-active-org";
import { authLog } from "./auth-logger";
import { signUpGate } from "./sign-up-gate";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../shared/auth/password-rules";
import { CLIENT_IP_HEADER } from "./lazy-auth";

/** Verification (or password reset) emails one client address may request per window. */
export const VERIFICATION_EMAIL_LIMIT = { window: 600, max: 3 };

export { CLIENT_IP_HEADER } from "./lazy-auth";

export function createAuth(opts: { db: Db; config: Config; secret: string }) {
  const { config } = opts;
  const email = emailAuthOptions(config);
  return betterAuth({
    appName: "Switchboard",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: opts.secret,
    // Session tokens are stored hashed (decision 025).
    database: withHashedSessionTokens(
      drizzleAdapter(opts.db, {
        provider: "pg",
        schema: { ...tables, rateLimit: tables.rateLimit },
      }),
    ),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: true,
      ...email.emailAndPassword,
    },
    // Reset tokens are credentials: the verification table keeps only their SHA-256, like sessions.
    verification: { storeIdentifier: { default: "plain", overrides: { "reset-password:": "hashed" } } },
    emailVerification: email.emailVerification,
    trustedOrigins: config.trustedOrigins,
    logger: {
      disabled: config.logLevel === "silent",
      level: config.logLevel === "silent" ? "error" : config.logLevel,
      log: authLog,
    },
    account: {
      // Refresh tokens outlive sessions: they are stored encrypted with the auth secret (oauth-tokens.ts).
      encryptOAuthTokens: true,
      accountLinking: {
        enabled: true,
        trustedProviders: config.google ? [GOOGLE_PROVIDER_ID] : [],
        // The Google account that owns the spreadsheets is often not the Switchboard login.
        allowDifferentEmails: true,
        // Google is for granting integrations, not a way in: a Google sign-in never attaches itself
        // to the Switchboard user that happens to share its email.
        disableImplicitLinking: true,
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    databaseHooks: {
      session: lastActiveOrgHooks(opts.db),
      user: {
        create: {
          before: async (user) => {
            assertUserName(user.name);
            assertStorableUrl(user.image, USER_IMAGE_MESSAGE);
          },
        },
        update: {
          before: async (user) => {
            assertUserName(user.name);
            assertStorableUrl(user.image, USER_IMAGE_MESSAGE);
          },
        },
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: config.authApiRateLimitMax,
      customRules: {
        // Password sign-in counts failures per account and per address instead (sign-in-guard.ts).
        "/sign-in/email": false,
        "/sign-in/*": config.authRateLimit,
        "/sign-up/*": config.authRateLimit,
        // Better Auth's own rule here is 3 per 10 s per address; a change needs the current password, so
        // it is limited like sign-in attempts (and tests, all from one address, can lift it the same way).
        "/change-password": config.authRateLimit,
        // Anyone may ask for a verification email to any unverified address: a few per address, so
        // the endpoint cannot be used to flood someone's inbox (issue 10, after #10).
        "/send-verification-email": VERIFICATION_EMAIL_LIMIT,
        "/request-password-reset": VERIFICATION_EMAIL_LIMIT,
      },
    },
    plugins: [
      bearer(),
      signInGuard({
        db: opts.db,
        limit: { max: config.authRateLimit.max, windowSeconds: config.authRateLimit.window },
      }),
      passwordPolicy(),
      ...(config.allowSignup ? [] : [signUpGate(opts.db)]),
      sessionRevocation(),
      ...(config.google ? [googleProvider(config.google)] : []),
      organization({
        ac,
        roles,
        creatorRole: ADMIN_ROLE,
        allowUserToCreateOrganization: true,
        invitationExpiresIn: 60 * 60 * 24 * 7,
        ...email.organization,
        // Better Auth stores any role string it is given; the product has exactly two.
        organizationHooks: {
          beforeCreateInvitation: async ({ invitation }) => assertKnownRole(invitation.role),
          beforeAddMember: async ({ member }) => assertKnownRole(member.role),
          beforeUpdateMemberRole: async ({ newRole }) => assertKnownRole(newRole),
          beforeCreateOrganization: async ({ organization }) => assertStorableUrl(organization.logo, ORG_LOGO_MESSAGE),
          beforeUpdateOrganization: async ({ organization }) => assertStorableUrl(organization.logo, ORG_LOGO_MESSAGE),
        },
      }),
    ],
  });
}

export const GOOGLE_PROVIDER_ID = "google";

/**
 * Google through its OpenID discovery document rather than Better Auth's built-in Google provider,
 * so that GOOGLE_DISCOVERY_URL can point at a corporate identity proxy or a test stand-in. The
 * document is read when Better Auth starts; if it cannot be read the provider is left out and
 * linking answers "provider not found". (The server creates Better Auth with the first request that
 * needs it, decision 119, so the document is read then.)
 */
function googleProvider(google: NonNullable<Config["google"]>) {
  return genericOAuth({
    config: [
      {
        providerId: GOOGLE_PROVIDER_ID,
        name: "Google",
        discoveryUrl: google.discoveryUrl,
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        scopes: ["openid", "email", "profile"],
        // A refresh token, so that integrations keep working after the first hour.
        accessType: "offline",
        prompt: "consent",
        // Users sign up with email and password; Google is only linked to an existing user.
        disableSignUp: true,
      },
    ],
  });
}

function assertKnownRole(role: string) {
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new APIError("BAD_REQUEST", { message: `Role must be one of ${ROLES.join(", ")}` });
  }
}

export type Auth = ReturnType<typeof createAuth>;
