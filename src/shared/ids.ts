// Agent and MCP server ids are PostgreSQL `integer`s: a number above MAX_INT_ID cannot name a row, and
// sent to the database it would fail the query (a 500) instead of being refused (a 400 or 404).
import { z } from "zod";

export const MAX_INT_ID = 2_147_483_647;

export const isIntId = (n: number) => Number.isInteger(n) && n > 0 && n <= MAX_INT_ID;

/** A positive integer id, from a number or a numeric string; `message` is the text for a non-number. */
export const intId = (message?: string) =>
  z.coerce
    .number(message ? { invalid_type_error: message } : undefined)
    .int(message)
    .positive(message)
    .max(MAX_INT_ID, message ?? "Not a valid id");
