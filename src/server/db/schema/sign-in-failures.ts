import { bigint, integer, pgTable, text } from "drizzle-orm/pg-core";

/**
 * Failed sign-ins counted per account, per client address and per trusted browser, in fixed windows
 * (decision 025). In the database so that every replica sees the same counts. `key` is
 * `account:<sha-256 of the email>`, `address:<ip>` or `device:<id>`.
 */
export const signInFailure = pgTable("sign_in_failure", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  /** Epoch milliseconds of the window's first failure. */
  windowStart: bigint("window_start", { mode: "number" }).notNull(),
});
