// ALLOW_SIGNUP=false (issue 17 #18, decision 058): only an address with a pending invitation may create an
// account, and the very first account of a fresh install, so an operator can always get in.
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { invitation, user } from "../db/tables";

export const SIGN_UP_CLOSED =
  "Sign-up is by invitation only on this server. Ask an admin of your organization to invite this email address.";

export async function mayCreateAccount(db: Db, email: string): Promise<boolean> {
  const [anyone] = await db.select({ id: user.id }).from(user).limit(1);
  if (!anyone) return true;
  const [invited] = await db
    .select({ id: invitation.id })
    .from(invitation)
    .where(
      and(
        eq(sql`lower(${invitation.email})`, email.trim().toLowerCase()),
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return Boolean(invited);
}

export function signUpGate(db: Db): BetterAuthPlugin {
  return {
    id: "sign-up-gate",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/sign-up/email",
          handler: createAuthMiddleware(async (ctx) => {
            const email = (ctx.body as { email?: unknown } | undefined)?.email;
            // Anything but a string is left to Better Auth's own validation.
            if (typeof email !== "string") return;
            if (!(await mayCreateAccount(db, email)))
              throw new APIError("FORBIDDEN", { message: SIGN_UP_CLOSED, code: "SIGN_UP_CLOSED" });
          }),
        },
      ],
    },
  };
}
