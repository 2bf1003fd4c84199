import { z } from "zod";

/** TOOL-22: each header is an array whose first element is the column name (the rest describe its type); rows are arrays. */
export const snowflakeSqlResult = z.object({
  headers: z.array(z.tuple([z.string()]).rest(z.unknown())),
  rows: z.array(z.array(z.unknown())),
});
export type SnowflakeSqlResult = z.infer<typeof snowflakeSqlResult>;
