import { describe, expect, it } from "vitest";
import { invalidate, invalidateLocal, setCacheBypass, TopicCache } from "./invalidation";

const counter = () => {
  let n = 0;
  return {
    load: async () => ++n,
    get count() {
      return n;
    },
  };
};

describe("TopicCache", () => {
  it("serves a hit without loading again, and loads again after its topic is invalidated", async () => {
    const cache = new TopicCache<number>("agents");
    const c = counter();
    expect(await cache.get("k", c.load)).toBe(1);
    expect(await cache.get("k", c.load)).toBe(1);
    invalidate("agents");
    expect(await cache.get("k", c.load)).toBe(2);
    invalidateLocal("agents"); // as heard from another replica
    expect(await cache.get("k", c.load)).toBe(3);
    invalidateLocal("no-such-topic");
    expect(await cache.get("k", c.load)).toBe(3);
  });

  it("does not keep a value loaded while its topic was invalidated", async () => {
    const cache = new TopicCache<string>("auth");
    let release!: () => void;
    const slow = () => new Promise<string>((r) => (release = () => r("stale")));
    const pending = cache.get("k", slow);
    invalidate("auth"); // e.g. a sign-out lands while the session was being read
    release();
    expect(await pending).toBe("stale");
    expect(await cache.get("k", async () => "fresh")).toBe("fresh");
  });

  it("expires entries after the TTL", async () => {
    const cache = new TopicCache<number>("credentials", 10, 20);
    const c = counter();
    await cache.get("k", c.load);
    await new Promise((r) => setTimeout(r, 30));
    expect(await cache.get("k", c.load)).toBe(2);
  });

  it("shares one load among concurrent misses of a key", async () => {
    const cache = new TopicCache<number>("agents");
    let loads = 0;
    const load = () => new Promise<number>((r) => setTimeout(() => r(++loads), 5));
    const values = await Promise.all(Array.from({ length: 20 }, () => cache.get("burst", load)));
    expect(loads).toBe(1);
    expect(new Set(values)).toEqual(new Set([1]));
  });

  it("does not keep what `keep` refuses (misses such as a failed sign-in are not cached)", async () => {
    const cache = new TopicCache<number | null>("auth");
    let n = 0;
    const load = async () => (++n > 1 ? n : null);
    expect(await cache.get("k", load, (v) => v !== null)).toBeNull();
    expect(await cache.get("k", load, (v) => v !== null)).toBe(2);
    expect(await cache.get("k", load, (v) => v !== null)).toBe(2);
  });

  it("is bypassed while replicas cannot hear each other", async () => {
    const cache = new TopicCache<number>("agents");
    const c = counter();
    await cache.get("k", c.load);
    setCacheBypass(true);
    try {
      expect(await cache.get("k", c.load)).toBe(2);
      expect(await cache.get("k", c.load)).toBe(3);
    } finally {
      setCacheBypass(false);
    }
    expect(await cache.get("k", c.load)).toBe(4);
    expect(await cache.get("k", c.load)).toBe(4);
  });

  it("keeps at most `max` entries", async () => {
    const cache = new TopicCache<string>("agents", 2);
    let loads = 0;
    const load = (v: string) => async () => (loads++, v);
    await cache.get("a", load("a"));
    await cache.get("b", load("b"));
    await cache.get("c", load("c")); // evicts "a"
    await cache.get("c", load("c"));
    expect(loads).toBe(3);
    await cache.get("a", load("a"));
    expect(loads).toBe(4);
  });
});
