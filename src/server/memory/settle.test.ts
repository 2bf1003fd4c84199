// Decision 113: a quiet process gives back its start-up and busy-period memory.
import { describe, expect, it } from "vitest";
import v8 from "node:v8";
import { settleMemory, startMemorySettler } from "./settle";

const youngCommitted = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === "new_space")!.physical_space_size;

describe("settling memory", () => {
  it("one memory-reducing collection shrinks the young generation a busy period grew", () => {
    // Survivors make V8 grow the young generation, as module evaluation and load do.
    const keep: unknown[][] = [];
    for (let round = 0; round < 40; round++) {
      keep[round % 2] = Array.from({ length: 20_000 }, (_, i) => ({ i, s: `item ${i} of ${round}` }));
    }
    const grown = youngCommitted();
    keep.length = 0;
    const r = settleMemory();
    expect(r, "V8 offers the collection").not.toBeNull();
    expect(r!.after).toBeLessThan(r!.before);
    expect(youngCommitted()).toBeLessThan(grown);
  });

  it("settles after start once the event loop is quiet, then only after the heap has grown and the server has been at rest (decision 143)", () => {
    let busy = 0.9;
    let heap = 100;
    let settled = 0;
    const settler = startMemorySettler({
      checkMs: 1e9,
      quietChecks: 2,
      restChecks: 4,
      growthBytes: 50,
      utilisation: () => busy,
      heapSize: () => heap,
      settle: () => {
        settled++;
        heap = 60;
      },
    });
    settler.check();
    settler.check();
    expect(settled, "not while busy").toBe(0);
    busy = 0.01;
    settler.check();
    expect(settled, "one quiet check is not enough").toBe(0);
    settler.check();
    expect(settled, "settled once quiet").toBe(1);
    settler.check();
    settler.check();
    settler.check();
    expect(settled, "nothing grew since").toBe(1);
    heap = 200; // a busy period
    busy = 0.8;
    settler.check();
    busy = 0.01;
    settler.check();
    settler.check();
    expect(settled, "a lull between bursts is not rest").toBe(1);
    busy = 0.8; // the next burst: the count of quiet checks starts again
    settler.check();
    busy = 0.01;
    for (let i = 0; i < 3; i++) settler.check();
    expect(settled).toBe(1);
    settler.check();
    expect(settled, "settled again after the growth, once at rest").toBe(2);
    settler.stop();
  });

  it("by default a settle after a busy period waits for a minute of quiet", () => {
    let heap = 100;
    let settled = 0;
    const settler = startMemorySettler({
      checkMs: 1e9,
      utilisation: () => 0,
      heapSize: () => heap,
      settle: () => {
        settled++;
      },
    });
    settler.check();
    settler.check();
    expect(settled, "two quiet seconds after start").toBe(1);
    heap = 100 + 64 * 2 ** 20;
    for (let i = 0; i < 59; i++) settler.check();
    expect(settled).toBe(1);
    settler.check();
    expect(settled).toBe(2);
    settler.stop();
  });
});
