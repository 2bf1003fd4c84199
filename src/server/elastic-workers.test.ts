// Decisions 107 and 118: when the elastic plan adds a worker and when it retires one.
import { describe, expect, it } from "vitest";
import { elasticDecision, type ElasticState } from "./elastic-workers";

const at = (s: Partial<ElasticState>): ElasticState => ({
  busyFor: 0,
  quietFor: 0,
  workers: 0,
  draining: 0,
  ceiling: 2,
  starting: false,
  ...s,
});
const o = { busySeconds: 3, idleSeconds: 30 };

describe("elasticDecision", () => {
  it("adds a worker after 3 busy seconds, never beyond the ceiling nor while one is starting", () => {
    expect(elasticDecision(at({ busyFor: 2 }), o)).toBeNull();
    expect(elasticDecision(at({ busyFor: 3 }), o)).toBe("fork");
    expect(elasticDecision(at({ busyFor: 3, starting: true }), o)).toBeNull();
    expect(elasticDecision(at({ busyFor: 9, workers: 1 }), o)).toBeNull();
    expect(elasticDecision(at({ busyFor: 3, workers: 1, ceiling: 4 }), o)).toBe("fork");
    // A draining worker still holds its core until it exits.
    expect(elasticDecision(at({ busyFor: 3, draining: 1 }), o)).toBeNull();
  });

  it("retires a worker once every process has been quiet for idleSeconds, one at a time, and never the last process", () => {
    expect(elasticDecision(at({ quietFor: 29, workers: 1 }), o)).toBeNull();
    expect(elasticDecision(at({ quietFor: 30, workers: 1 }), o)).toBe("retire");
    expect(elasticDecision(at({ quietFor: 300, workers: 0 }), o)).toBeNull();
    expect(elasticDecision(at({ quietFor: 30, workers: 1, draining: 1 }), o)).toBeNull();
    expect(elasticDecision(at({ quietFor: 30, workers: 1, starting: true }), o)).toBeNull();
    // WEB_CONCURRENCY_IDLE_SECONDS=0: workers stay (decision 107's behaviour).
    expect(elasticDecision(at({ quietFor: 1_000, workers: 1 }), { ...o, idleSeconds: 0 })).toBeNull();
  });
});
