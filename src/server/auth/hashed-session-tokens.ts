// Session tokens are bearer credentials: the session table keeps only their SHA-256, so a copy of
// the database (a backup, a dump) holds no working session (issue 10 #13, decision 025). Better Auth
// 1.7 has no option for this (it hashes verification identifiers, not session tokens), so the adapter
// it is given is wrapped: every session token it writes or looks up is hashed on the way in, and a
// row coming back carries the token the caller asked with, so cookies and `set-auth-token` still
// hold the real token. A row read by another field (list-sessions) carries the stored hash, which
// is no credential: lookups always hash what they are given.
import { createHash } from "node:crypto";
import type { DBAdapter, DBAdapterInstance, Where } from "better-auth";

const SESSION_MODEL = "session";
const TOKEN_FIELD = "token";

/** What the session table stores for a token: lowercase hex SHA-256 (the migration uses the same). */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** A stored token is 64 hex digits; Better Auth's own tokens are 32 alphanumerics. */
export const isStoredTokenHash = (value: unknown): value is string =>
  typeof value === "string" && /^[0-9a-f]{64}$/.test(value);

type Known = Map<string, string>; // stored hash → the token the caller gave

function hashWhere(where: Where[] | undefined, known: Known): Where[] | undefined {
  return where?.map((w) => {
    if (w.field !== TOKEN_FIELD) return w;
    const hash = (token: unknown) => {
      if (typeof token !== "string") return token;
      const h = hashSessionToken(token);
      known.set(h, token);
      return h;
    };
    return { ...w, value: (Array.isArray(w.value) ? w.value.map(hash) : hash(w.value)) as Where["value"] };
  });
}

function hashData<T extends Record<string, unknown> | undefined>(data: T, known: Known): T {
  if (!data || typeof data[TOKEN_FIELD] !== "string") return data;
  const token = data[TOKEN_FIELD] as string;
  const h = hashSessionToken(token);
  known.set(h, token);
  return { ...data, [TOKEN_FIELD]: h };
}

function restore<T>(row: T, known: Known): T {
  if (!row || typeof row !== "object") return row;
  const token = (row as Record<string, unknown>)[TOKEN_FIELD];
  if (typeof token !== "string" || !known.has(token)) return row;
  return { ...row, [TOKEN_FIELD]: known.get(token) };
}

type Adapter = Omit<DBAdapter, "transaction"> & Partial<Pick<DBAdapter, "transaction">>;

function wrap<A extends Adapter>(inner: A): A {
  const isSession = (model: string) => model === SESSION_MODEL;
  const wrapped: Adapter = {
    ...inner,
    create: async (args) => {
      if (!isSession(args.model)) return inner.create(args);
      const known: Known = new Map();
      return restore(
        await inner.create({ ...args, data: hashData(args.data as Record<string, unknown>, known) as never }),
        known,
      );
    },
    findOne: async (args) => {
      if (!isSession(args.model)) return inner.findOne(args);
      const known: Known = new Map();
      return restore(await inner.findOne({ ...args, where: hashWhere(args.where, known)! }), known);
    },
    findMany: async (args) => {
      if (!isSession(args.model)) return inner.findMany(args);
      const known: Known = new Map();
      const rows = await inner.findMany({ ...args, where: hashWhere(args.where, known) });
      return rows.map((row) => restore(row, known));
    },
    count: async (args) =>
      isSession(args.model) ? inner.count({ ...args, where: hashWhere(args.where, new Map()) }) : inner.count(args),
    update: async (args) => {
      if (!isSession(args.model)) return inner.update(args);
      const known: Known = new Map();
      const row = await inner.update({
        ...args,
        where: hashWhere(args.where, known)!,
        update: hashData(args.update, known),
      });
      return restore(row, known);
    },
    updateMany: async (args) =>
      isSession(args.model)
        ? inner.updateMany({
            ...args,
            where: hashWhere(args.where, new Map())!,
            update: hashData(args.update, new Map()),
          })
        : inner.updateMany(args),
    delete: async (args) =>
      isSession(args.model) ? inner.delete({ ...args, where: hashWhere(args.where, new Map())! }) : inner.delete(args),
    deleteMany: async (args) =>
      isSession(args.model)
        ? inner.deleteMany({ ...args, where: hashWhere(args.where, new Map())! })
        : inner.deleteMany(args),
    consumeOne: async (args) => {
      if (!isSession(args.model)) return inner.consumeOne(args);
      const known: Known = new Map();
      return restore(await inner.consumeOne({ ...args, where: hashWhere(args.where, known)! }), known);
    },
    incrementOne: async (args) => {
      if (!isSession(args.model)) return inner.incrementOne(args);
      const known: Known = new Map();
      return restore(
        await inner.incrementOne({ ...args, where: hashWhere(args.where, known)!, set: hashData(args.set, known) }),
        known,
      );
    },
  };
  // Better Auth runs writes inside the adapter's transactions: the adapter it gets there is wrapped too.
  if (inner.transaction) {
    const transaction = inner.transaction.bind(inner);
    (wrapped as DBAdapter).transaction = (callback) => transaction((trx) => callback(wrap(trx)));
  }
  return wrapped as A;
}

/** `drizzleAdapter(db, …)` with session tokens stored as hashes. */
export function withHashedSessionTokens(adapter: DBAdapterInstance): DBAdapterInstance {
  return (options) => wrap(adapter(options));
}
