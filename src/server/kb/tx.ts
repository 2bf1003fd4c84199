import type { Db } from "../db/client";

/** A transaction of the process's database (or the database itself, for a statement on its own). */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;
