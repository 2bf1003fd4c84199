// Request bodies: JSON parsed and validated with a shared zod schema; a 400 in the schema's words.
import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../errors";

export async function readJson(c: Context): Promise<unknown> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError("bad_request", "Request body must be JSON");
  }
  // PostgreSQL text cannot hold U+0000: refused here rather than failing the insert with a 500.
  if (hasNul(body)) throw new AppError("bad_request", "Text must not contain NUL characters");
  return body;
}

/** A raw JSON body that would decode to a string holding U+0000 (for bodies passed on unparsed). */
export const jsonTextHasNul = (text: string) => text.includes("\0") || /\\u0000/i.test(text);

/** Any string (key or value) holding U+0000, at any depth: an explicit stack, so nesting cannot overflow. */
function hasNul(body: unknown): boolean {
  const stack: unknown[] = [body];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === "string") {
      if (value.includes("\0")) return true;
    } else if (value !== null && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) {
        if (k.includes("\0")) return true;
        stack.push(v);
      }
    }
  }
  return false;
}

export function validateBody<S extends z.ZodTypeAny>(schema: S, raw: unknown): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
  throw new AppError("bad_request", parsed.error.issues[0]?.message ?? "Invalid request", { fields });
}

export async function parseJson<S extends z.ZodTypeAny>(c: Context, schema: S): Promise<z.infer<S>> {
  return validateBody(schema, await readJson(c));
}
