// Better Auth logs through our structured logger (issue 17 #20): one JSON line per event, like the rest of
// the server, instead of its own coloured console lines.
import { log } from "../logger";

type AuthLevel = "debug" | "info" | "warn" | "error";

/** Extra arguments as plain data: an error's name and message (no stack, no attached request), text capped. */
function detail(arg: unknown): unknown {
  if (arg instanceof Error) return { name: arg.name, message: arg.message.slice(0, 500) };
  if (typeof arg === "string") return arg.slice(0, 500);
  if (typeof arg === "number" || typeof arg === "boolean" || arg == null) return arg;
  try {
    return JSON.stringify(arg).slice(0, 500);
  } catch {
    return String(arg).slice(0, 500);
  }
}

export function authLog(level: AuthLevel, message: string, ...args: unknown[]) {
  log[level](`auth: ${message}`, args.length ? { details: args.map(detail) } : undefined);
}
