// Connections for one request hop go to the address the outbound guard approved, never to a fresh DNS
// answer: a name that resolves to a public address at check time and to 127.0.0.1 at connect time
// (DNS rebinding) still reaches the public one. The URL's host name stays the Host header and the TLS
// server name, so certificates are checked against the name the user gave.
import type { LookupFunction } from "node:net";
import type * as Undici from "undici";
import type { PinnedAddress } from "./outbound-guard";

let loaded: typeof Undici | undefined;

/**
 * undici (a fetch that takes a dispatcher of ours) loads with the first outbound request, not at start:
 * ~740 KB of code that an idle server never runs (decision 113).
 */
export async function undici(): Promise<typeof Undici> {
  return (loaded ??= await loadUndici());
}

async function loadUndici(): Promise<typeof Undici> {
  // Bundled (decision 108), this CommonJS package's chunk exports only its module.exports, as default;
  // under Node's own loader (tsx, tests) the namespace has the named exports too.
  const m = (await import("undici")) as unknown as typeof Undici & { default?: typeof Undici };
  return typeof m.Agent === "function" ? m : m.default!;
}

/** A `lookup` for net/tls.connect that answers every query with the pinned address. */
export function pinnedLookup(pinned: PinnedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

/** A one-request undici dispatcher whose sockets connect only to `pinned`; destroy it after use. */
export async function createPinnedAgent(pinned: PinnedAddress): Promise<Undici.Agent> {
  const { Agent } = await undici();
  return new Agent({ connect: { lookup: pinnedLookup(pinned) }, connections: 1 });
}

/** Pooled dispatchers at most (least recently used closed first). */
const MAX_POOLED = 64;

/**
 * How long a pooled dispatcher keeps an idle connection when the server sends no `Keep-Alive: timeout`
 * hint (a hint, minus undici's 2 s margin, wins up to its 10 min cap). undici's own default is 4 s: a
 * user's next message after reading a reply found the provider's connection gone and paid a new TCP and
 * TLS handshake. 50 s covers that pause and stays under the 60 s idle timeout of common load balancers
 * in front of providers, so this side closes first and a request never goes out on a connection the
 * server is closing.
 */
export const PROVIDER_KEEP_ALIVE_MS = 50_000;
const pooled = new Map<string, Undici.Agent>();

/**
 * A keep-alive dispatcher for the approved address (decision 112): a model provider behind the guard gets
 * its connection (and TLS session) reused from one chat to the next instead of a handshake per model call.
 * Its sockets connect only to `pinned.address`, which the guard approved for this request as for the one
 * that opened them; another answer from DNS is another address, so another dispatcher. Never destroy it.
 */
export async function pooledPinnedAgent(pinned: PinnedAddress): Promise<Undici.Agent> {
  const { Agent } = await undici();
  const key = `${pinned.family}|${pinned.address}`;
  let agent = pooled.get(key);
  if (agent)
    pooled.delete(key); // re-inserted below: the map's order is least recently used first
  else agent = new Agent({ connect: { lookup: pinnedLookup(pinned) }, keepAliveTimeout: PROVIDER_KEEP_ALIVE_MS });
  pooled.set(key, agent);
  if (pooled.size > MAX_POOLED) {
    const [oldest, old] = pooled.entries().next().value!;
    pooled.delete(oldest);
    // close() lets requests in flight finish.
    void old.close().catch(() => {});
  }
  return agent;
}
