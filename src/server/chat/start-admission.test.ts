// Decision 117: a burst of chat starts is admitted first come, first served, a few at a time, and
// announced once so the elastic workers can grow at once.
import { describe, expect, it } from "vitest";
import {
  admitStart,
  BURST_STARTS,
  fifoLimit,
  MAX_READ_HOLD_MS,
  onStartBurst,
  setStartAdmission,
  startsDrained,
  startsPending,
} from "./start-admission";
import { readGate } from "../ai/read-gate";

const tick = () => new Promise((r) => setImmediate(r));

describe("chat start admission", () => {
  it("runs at most `limit` at once and hands places over in arrival order", async () => {
    const limit = fifoLimit(2);
    const started: number[] = [];
    const finish = new Map<number, () => void>();
    const runs = [0, 1, 2, 3, 4].map((i) =>
      limit.run(async () => {
        started.push(i);
        await new Promise<void>((r) => finish.set(i, r));
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect([limit.active, limit.waiting]).toEqual([2, 3]);
    finish.get(1)!(); // a later holder ends first: the place goes to the earliest waiter
    await tick();
    expect(started).toEqual([0, 1, 2]);
    finish.get(0)!();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const i of [2, 3]) finish.get(i)!();
    await tick();
    finish.get(4)!();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect([limit.active, limit.waiting]).toEqual([0, 0]);
  });

  it("frees the place of a start that fails", async () => {
    const limit = fifoLimit(1);
    await expect(limit.run(() => Promise.reject(new Error("no agent")))).rejects.toThrow("no agent");
    expect(await limit.run(async () => "next")).toBe("next");
    expect(limit.active).toBe(0);
  });

  it("decision 123: a hundred chats starting at once are no burst (a worker's start-up would cost more)", async () => {
    setStartAdmission(1);
    let bursts = 0;
    onStartBurst(() => bursts++);
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const hundred = Array.from({ length: 100 }, () => admitStart(() => gate));
    await tick();
    expect(startsPending()).toBe(100);
    expect(bursts).toBe(0);
    open();
    await Promise.all(hundred);
  });

  it("announces a burst once when the starts reach BURST_STARTS, and again only after it has passed", async () => {
    setStartAdmission(1);
    let bursts = 0;
    onStartBurst(() => bursts++);
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const wave = () => Array.from({ length: BURST_STARTS }, () => admitStart(() => gate));
    const first = wave();
    await tick();
    expect(startsPending()).toBe(BURST_STARTS);
    expect(bursts).toBe(1);
    const more = admitStart(() => gate);
    expect(bursts).toBe(1);
    open();
    await Promise.all([...first, more]);
    expect(startsPending()).toBe(0);
    await Promise.all(wave());
    expect(bursts).toBe(2);
    onStartBurst(() => {});
    setStartAdmission(10);
  });
  it("decision 146: while chats wait for a place the replies' reads wait too, until the last waiter has its place", async () => {
    setStartAdmission(1); // two places (two per connection)
    try {
      expect(startsDrained()).toBeUndefined();
      expect(readGate(), "the gate is the admission's").toBeUndefined();
      const ends: Array<() => void> = [];
      const hold = () => new Promise<void>((r) => ends.push(r));
      const runs = [admitStart(hold), admitStart(hold), admitStart(hold), admitStart(hold)];
      await tick();
      expect(ends).toHaveLength(2); // two run, two wait
      let drained = false;
      void readGate()!.then(() => (drained = true));
      expect(startsDrained()).toBe(readGate()); // one promise for every reader
      ends[0]!();
      await tick();
      expect(ends).toHaveLength(3);
      expect(drained, "one still waits").toBe(false);
      ends[1]!();
      await tick();
      expect(ends).toHaveLength(4);
      expect(drained, "the last waiter has its place").toBe(true);
      expect(readGate()).toBeUndefined();
      ends[2]!();
      ends[3]!();
      await Promise.all(runs);
    } finally {
      setStartAdmission(10);
    }
  });

  it("decision 146: under starts that keep waiting, a read waits at most MAX_READ_HOLD_MS", async () => {
    setStartAdmission(1);
    try {
      let open!: () => void;
      const gate = new Promise<void>((r) => (open = r));
      const runs = Array.from({ length: 3 }, () => admitStart(() => gate));
      await tick();
      const t0 = performance.now();
      await readGate();
      const waited = performance.now() - t0;
      expect(waited).toBeGreaterThanOrEqual(MAX_READ_HOLD_MS - 5);
      expect(waited).toBeLessThan(MAX_READ_HOLD_MS + 200);
      expect(readGate(), "still waiting: the next read waits again").toBeDefined();
      open();
      await Promise.all(runs);
      expect(readGate()).toBeUndefined();
    } finally {
      setStartAdmission(10);
    }
  });
});
