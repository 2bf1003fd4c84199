// The Better Auth instance: email + password, cookie sessions for the SPA, bearer tokens for scripts,
// organisations with the product's two roles.
import { betterAuth } from "better-auth";
import { APIError } from "better-auth/api";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer, organization } from "better-auth/plugins";
import type { Config } from "../config";
import type { Db } from "../db/client";
import * as tables from "../db/tables";
import { ADMIN_ROLE, ROLES } from "../../shared/roles";
import { ac, roles } from "./access";

/** Set by the server from the socket address (or X-Forwarded-For behind a trusted proxy). */
export const CLIENT_IP_HEADER = "x-switchboard-client-ip";

export function createAuth(opts: { db: Db; config: Config; secret: string }) {
  const { config } = opts;
  return betterAuth({
    appName: "Switchboard",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: opts.secret,
    database: drizzleAdapter(opts.db, {
      provider: "pg",
      schema: { ...tables, rateLimit: tables.rateLimit },
    }),
    emailAndPassword: { enabled: true, minPasswordLength: 8, maxPasswordLength: 128, autoSignIn: true },
    trustedOrigins: config.trustedOrigins,
    logger: { disabled: config.logLevel === "silent", level: config.logLevel === "silent" ? "error" : config.logLevel },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: {
        "/sign-in/*": config.authRateLimit,
        "/sign-up/*": config.authRateLimit,
      },
    },
    plugins: [
      bearer(),
      organization({
        ac,
        roles,
        creatorRole: ADMIN_ROLE,
        allowUserToCreateOrganization: true,
        invitationExpiresIn: 60 * 60 * 24 * 7,
        // Better Auth stores any role string it is given; the product has exactly two.
        organizationHooks: {
          beforeCreateInvitation: async ({ invitation }) => assertKnownRole(invitation.role),
          beforeAddMember: async ({ member }) => assertKnownRole(member.role),
          beforeUpdateMemberRole: async ({ newRole }) => assertKnownRole(newRole),
        },
      }),
    ],
  });
}

function assertKnownRole(role: string) {
  if (!(ROLES as readonly string[]).includes(role)) {
    throw new APIError("BAD_REQUEST", { message: `Role must be one of ${ROLES.join(", ")}` });
  }
}

export type Auth = ReturnType<typeof createAuth>;
