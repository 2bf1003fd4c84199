// Read-through caches for the hot path of every request (sessions, memberships, credentials, agents)
// and the one way to invalidate them. A write calls `invalidate(topic)`: this process drops the
// topic's entries at once and, on PostgreSQL, every other replica does within a NOTIFY round trip.
// Entries also expire after a TTL, so a change made behind the app's back (SQL by hand) lasts at
// most that long. While replicas cannot hear each other (listener down), caches are bypassed.
import { log } from "../logger";

export type CacheTopic = "auth" | "credentials" | "agents";

const generations: Record<CacheTopic, number> = { auth: 0, credentials: 0, agents: 0 };
let publishRemote: ((topic: CacheTopic) => void) | null = null;
let bypass = false;

export const CACHE_TTL_MS = 30_000;

/** Drops the topic's entries here and tells the other replicas. */
export function invalidate(topic: CacheTopic) {
  generations[topic]++;
  publishRemote?.(topic);
}

/** A notification from another replica. */
export function invalidateLocal(topic: string) {
  if (topic in generations) generations[topic as CacheTopic]++;
}

/** Multi-replica mode: how to tell the other replicas (null: single process). */
export function setRemoteInvalidation(publish: ((topic: CacheTopic) => void) | null) {
  publishRemote = publish;
}

export function setCacheBypass(on: boolean) {
  if (on !== bypass) log.info(on ? "caches bypassed: replicas cannot hear invalidations" : "caches enabled");
  bypass = on;
  if (on) for (const t of Object.keys(generations) as CacheTopic[]) generations[t]++;
}

interface Entry<V> {
  value: V;
  generation: number;
  expiresAt: number;
}

/**
 * A bounded map of `key → value` under one topic. `get` loads on a miss; a value loaded while the
 * topic was invalidated is returned but not kept, so an in-flight read never resurrects stale data.
 */
export class TopicCache<V> {
  private entries = new Map<string, Entry<V>>();
  private inFlight = new Map<string, Promise<V>>();

  constructor(
    private topic: CacheTopic,
    private max = 10_000,
    private ttlMs = CACHE_TTL_MS,
  ) {}

  async get(key: string, load: () => Promise<V>, keep: (v: V) => boolean = () => true): Promise<V> {
    const generation = generations[this.topic];
    const hit = this.entries.get(key);
    if (!bypass && hit && hit.generation === generation && hit.expiresAt > Date.now()) return hit.value;
    // Concurrent misses of one key (a burst of requests from one user) share a single load.
    const flightKey = `${generation}\u0000${key}`;
    let flight = bypass ? undefined : this.inFlight.get(flightKey);
    if (!flight) {
      flight = load();
      if (!bypass) {
        this.inFlight.set(flightKey, flight);
        void flight.then(
          () => this.inFlight.delete(flightKey),
          () => this.inFlight.delete(flightKey),
        );
      }
    }
    const value = await flight;
    if (!bypass && generations[this.topic] === generation && keep(value)) {
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
      this.entries.delete(key);
      this.entries.set(key, { value, generation, expiresAt: Date.now() + this.ttlMs });
    } else if (hit) {
      this.entries.delete(key);
    }
    return value;
  }

  /** Test helper and for writers that know the exact key. */
  delete(key: string) {
    this.entries.delete(key);
  }
}
