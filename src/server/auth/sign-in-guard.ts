// Password guessing at /sign-in/email (issue 10 #14, decision 025). Failed sign-ins are counted per
// account (the email, whether or not a user has it) and per client address, separately: too many on
// an account locks that account for the window from every address; too many from an address locks
// that address for every account. So that an attacker behind the same NAT as a real user does not
// lock that user out, a browser that has signed in to an account gets a signed "trusted device"
// cookie; with it, sign-ins to that account count against the browser alone, not the address or
// the account. Only wrong passwords count; a successful sign-in clears its account's count.
import { createHash, randomBytes } from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getIP, isAPIError } from "better-auth/api";
import type { Db } from "../db/client";
import { clearFailures, refundFailures, reserveFailures, type FailureLimit } from "./sign-in-failures";

const SIGN_IN_PATH = "/sign-in/email";
const DEVICE_COOKIE = "trusted_device";
const DEVICE_MAX_AGE_SECONDS = 60 * 60 * 24 * 180;

export const TOO_MANY_SIGN_IN_FAILURES = "Too many failed sign-in attempts. Please try again later.";

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The account a sign-in names, whether or not a user has that email (so no one learns which do). */
function accountOf(ctx: HookContext): string | null {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? sha256(email.trim().toLowerCase()).slice(0, 32) : null;
}

function deviceCookie(ctx: HookContext) {
  return ctx.context.createAuthCookie(DEVICE_COOKIE, { maxAge: DEVICE_MAX_AGE_SECONDS });
}

/** The browser's device id if it carries a valid trusted-device cookie for this account. */
async function trustedDevice(ctx: HookContext, account: string): Promise<string | null> {
  const value = await ctx.getSignedCookie(deviceCookie(ctx).name, ctx.context.secret);
  if (!value) return null;
  const [device, forAccount, issued] = value.split("-");
  if (!device || forAccount !== account || !issued) return null;
  const ageSeconds = Date.now() / 1000 - parseInt(issued, 36);
  return ageSeconds >= 0 && ageSeconds < DEVICE_MAX_AGE_SECONDS ? device : null;
}

interface AttemptKeys {
  /** Keys a wrong password counts against. */
  counted: string[];
  /** Of those, the ones a successful sign-in clears (the address keeps its count). */
  clearedOnSuccess: string[];
  account: string | null;
  device: string | null;
}

async function attemptKeys(ctx: HookContext): Promise<AttemptKeys> {
  const account = accountOf(ctx);
  const device = account ? await trustedDevice(ctx, account) : null;
  if (account && device)
    return { counted: [`device:${device}`], clearedOnSuccess: [`device:${device}`], account, device };
  const ip = getIP(ctx.request ?? ctx.headers ?? new Headers(), ctx.context.options);
  const counted = [...(account ? [`account:${account}`] : []), ...(ip ? [`address:${ip}`] : [])];
  return { counted, clearedOnSuccess: account ? [`account:${account}`] : [], account, device };
}

function statusOf(returned: unknown): number {
  if (isAPIError(returned)) return returned.statusCode;
  if (returned instanceof Response) return returned.status;
  return 200;
}

export function signInGuard(opts: { db: Db; limit: FailureLimit }): BetterAuthPlugin {
  const matcher = (ctx: { path?: string }) => ctx.path === SIGN_IN_PATH;
  return {
    id: "sign-in-guard",
    hooks: {
      before: [
        {
          matcher,
          handler: createAuthMiddleware(async (ctx) => {
            const keys = await attemptKeys(ctx);
            const reservation = await reserveFailures(opts.db, keys.counted, opts.limit);
            if (!reservation.allowed) {
              throw new APIError(
                "TOO_MANY_REQUESTS",
                { message: TOO_MANY_SIGN_IN_FAILURES, code: "TOO_MANY_SIGN_IN_FAILURES" },
                { "Retry-After": String(reservation.retryAfterSeconds) },
              );
            }
          }),
        },
      ],
      after: [
        {
          matcher,
          handler: createAuthMiddleware(async (ctx) => {
            const keys = await attemptKeys(ctx);
            const status = statusOf(ctx.context.returned);
            if (status === 401) return; // a wrong email or password: the reserved failure stands
            if (status >= 400) return refundFailures(opts.db, keys.counted);
            await clearFailures(opts.db, keys.clearedOnSuccess);
            await refundFailures(
              opts.db,
              keys.counted.filter((k) => !keys.clearedOnSuccess.includes(k)),
            );
            if (keys.account && !keys.device) {
              const cookie = deviceCookie(ctx);
              const value = `${randomBytes(12).toString("hex")}-${keys.account}-${Math.floor(Date.now() / 1000).toString(36)}`;
              await ctx.setSignedCookie(cookie.name, value, ctx.context.secret, cookie.attributes);
            }
          }),
        },
      ],
    },
  };
}
