// A tool's data may sit in the result's content (an object, or JSON text) or at its top level, like
// status, content, error and message themselves (TOOLCARD-23). The first place the schema fits wins.
import type { ZodType, ZodTypeDef } from "zod";

function places(result: unknown): unknown[] {
  const content = (result as { content?: unknown } | null | undefined)?.content;
  if (typeof content !== "string") return content === undefined ? [result] : [content, result];
  try {
    return [JSON.parse(content), result];
  } catch {
    return [result];
  }
}

export function parseToolData<T>(schema: ZodType<T, ZodTypeDef, unknown>, result: unknown): T | undefined {
  for (const place of places(result)) {
    const parsed = schema.safeParse(place);
    if (parsed.success) return parsed.data;
  }
  return undefined;
}

/** TOOLCARD-02: without a view of its own, the Output is the content when the result has one, else the whole result. */
export function outputOf(result: unknown): unknown {
  const r = result as { content?: unknown } | undefined;
  return r && typeof r === "object" && r.content !== undefined ? r.content : result;
}
