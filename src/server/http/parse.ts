// Request bodies: JSON parsed and validated with a shared zod schema; a 400 in the schema's words.
import type { Context } from "hono";
import type { z } from "zod";
import { AppError } from "../errors";

export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new AppError("bad_request", "Request body must be JSON");
  }
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
