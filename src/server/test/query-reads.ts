// Which query parameters a request reads, found by watching the readers rather than by listing names:
// Hono's c.req.query()/queries() and URLSearchParams (the presigned blob routes parse c.req.url).
// The bad-input harness uses it so a route that starts reading a new parameter is attacked through it
// without anyone remembering to add the name.
import { HonoRequest } from "hono/request";

interface Recording {
  keys: Set<string>;
  /** Something iterated or asked for every parameter (c.req.query() with no key, searchParams.entries() …). */
  all: boolean;
}

let current: Recording | null = null;
let installed = false;

function note(key: unknown) {
  if (!current) return;
  if (typeof key === "string") current.keys.add(key);
  else current.all = true;
}

function wrap<T extends object>(proto: T, names: string[], byKey: boolean) {
  for (const name of names) {
    const original = (proto as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
    (proto as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
      if (byKey) note(args[0]);
      else if (current) current.all = true;
      return original.apply(this, args);
    };
  }
}

function install() {
  if (installed) return;
  installed = true;
  wrap(HonoRequest.prototype, ["query", "queries"], true);
  wrap(URLSearchParams.prototype, ["get", "getAll", "has"], true);
  wrap(
    URLSearchParams.prototype,
    ["entries", "keys", "values", "forEach", Symbol.iterator as unknown as string],
    false,
  );
}

/** Runs one request and returns the query parameter names it read. Requests must not overlap. */
export async function queryReadsOf(send: () => Promise<unknown>): Promise<Recording> {
  install();
  const recording: Recording = { keys: new Set(), all: false };
  current = recording;
  try {
    await send();
  } finally {
    current = null;
  }
  return recording;
}
