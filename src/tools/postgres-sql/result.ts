import { z } from "zod";

/** TOOL-23: column names, rows keyed by them, and an optional note (e.g. that the row limit cut the result). */
export const postgresSqlResult = z.object({
  headers: z.array(z.string()),
  rows: z.array(z.record(z.unknown())),
  message: z.string().nullish(),
});
export type PostgresSqlResult = z.infer<typeof postgresSqlResult>;
