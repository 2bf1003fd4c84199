// New passwords: at least MIN_PASSWORD_LENGTH characters and not one of the passwords most often
// found in breaches (issue 10 #14, decision 025). Checked before Better Auth handles any endpoint that
// sets a password, so every way in gives the same messages as the sign-up form. The list (from
// @zxcvbn-ts/language-common, most common first) ships in the package: no network call, and it is
// loaded on first use so that it costs nothing at start-up.
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { PASSWORD_TOO_COMMON, passwordLengthProblem } from "../../shared/auth/password-rules";

/** The body field that carries the new password, per endpoint. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  "/sign-up/email": "password",
  "/change-password": "newPassword",
  "/reset-password": "newPassword",
  "/set-password": "newPassword",
};

let common: Promise<Set<string>> | undefined;

/** Whether the password (in any letter case) is on the common-password list. */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import("@zxcvbn-ts/language-common").then(({ dictionary }) => new Set(dictionary["passwords-common"]));
  return (await common).has(password.toLowerCase());
}

/** Why the server refuses this new password, or null. */
export async function newPasswordProblem(password: string): Promise<string | null> {
  return passwordLengthProblem(password) ?? ((await isCommonPassword(password)) ? PASSWORD_TOO_COMMON : null);
}

export function passwordPolicy(): BetterAuthPlugin {
  return {
    id: "password-policy",
    hooks: {
      before: [
        {
          matcher: (ctx) => Boolean(ctx.path && ctx.path in NEW_PASSWORD_FIELD),
          handler: createAuthMiddleware(async (ctx) => {
            const password = (ctx.body as Record<string, unknown> | undefined)?.[NEW_PASSWORD_FIELD[ctx.path!]!];
            // Anything but a string is left to Better Auth's own validation.
            if (typeof password !== "string") return;
            const problem = await newPasswordProblem(password);
            if (problem) {
              const code = problem === PASSWORD_TOO_COMMON ? "PASSWORD_TOO_COMMON" : "PASSWORD_TOO_SHORT";
              throw new APIError("BAD_REQUEST", { message: problem, code });
            }
          }),
        },
      ],
    },
  };
}
