// The hand-over between a fast-path model call's body reader (openai-chat-fast-stream.ts) and whoever reads its
// parts: the tap orders the plain deltas the reader takes against the markers given to the package, and a
// direct lane (decision 139) takes those deltas straight to the reply's step loop, past the package and the SDK.
import { AsyncLocalStorage } from "node:async_hooks";
import type { FastDialect, PartKind } from "./openai-chat-fast-dialect";
import type { StreamPart } from "./openai-chat-fast-stream";

/** The marker's key: a chunk of the package's schema (empty choices) the package makes only a raw part of. */
export const MARK = "switchboard_fast_path_marker";

/** A text or reasoning delta as the AI SDK's part transform hands it on (`text`, not the provider's `delta`). */
export type LanePart = { type: "text-delta" | "reasoning-delta"; id: string | undefined; text: string };

/**
 * The marker a raw part carries, if it is one. A lane's reader gets the package's stream as it is, raw parts
 * and all (the AI SDK's part transform passes them on), and reads the markers off it.
 */
export function laneMarker(part: { type: string; rawValue?: unknown }): number | undefined {
  if (part.type !== "raw") return undefined;
  const n = (part.rawValue as Record<string, unknown> | undefined)?.[MARK];
  return typeof n === "number" ? n : undefined;
}

/**
 * The reader of one model call's parts (the reply's step loop) taking the fast path's deltas straight,
 * past the package's output stream and the AI SDK's part transform (decision 139). The deltas keep their
 * place with the markers: each marker goes on through the SDK as the package's raw part, and a delta that came
 * after marker n is handed over once the reader has read mark n, that is every part before it.
 */
export class DirectLane {
  tap: Tap | undefined;
  /** Set when the reader stops reading: later deltas are dropped, as a cancelled stream's are. */
  closed = false;
  /** Whether any delta took the lane (the SDK's collected content then lacks their text). */
  used = false;
  readonly onPart: (part: LanePart) => void;
  constructor(onPart: (part: LanePart) => void) {
    this.onPart = onPart;
  }
  /** The reader read mark `n`: every part the package made before marker n has been read. */
  mark(n: number) {
    const tap = this.tap;
    if (!tap) return;
    tap.delivered = n;
    tap.release();
    if (tap.pausedAt && n >= tap.pausedAt) tap.resume();
  }
  /** The reader stopped reading. */
  close() {
    this.closed = true;
    this.tap?.resume();
  }
}

const lanes = new AsyncLocalStorage<DirectLane>();

/** The lane of the model call running now, if its caller gave one. */
export const currentLane = () => lanes.getStore();

/** Runs `f` (a model call through a fast-path model) with its deltas going to `lane`. */
export function withDirectLane<T>(lane: DirectLane, f: () => T): T {
  return lanes.run(lane, f);
}

/** One model call's fast path: fed by the fetch below, read by the model's doStream(). */
export class Tap {
  readonly dialect: FastDialect;
  constructor(dialect: FastDialect) {
    this.dialect = dialect;
  }
  /** Markers given to the package, and seen coming out of its stream. */
  fed = 0;
  seen = 0;
  /** Deltas that came while the package had events in hand: each after marker `after`. */
  queue: Array<{ after: number; kind: PartKind; text: string }> = [];
  out: ReadableStreamDefaultController<StreamPart> | undefined;
  /** Whether the response was split (an SSE body); otherwise the package got it untouched. */
  split = false;
  /** The reader taking the deltas straight, if any; then `delivered` is the last mark it has read. */
  lane: DirectLane | undefined;
  delivered = 0;
  /** The call's response goes to the direct reader (decision 141), not to the package. */
  direct = false;
  /** A direct call's request arguments and warnings, as the package's request built them. */
  args: { args: Record<string, unknown>; warnings: unknown[] } | undefined;
  /**
   * With a lane: the marker after the event that opened the call's text, while the body's reader waits for
   * the lane's reader to read it (and to handle the first text part: decision 140); 0 when not waiting.
   */
  pausedAt = 0;
  private resumed: (() => void) | undefined;
  /** Resolves when the body's reader may go on (at once when it is not waiting). */
  waitResume(): Promise<void> | undefined {
    if (!this.pausedAt) return undefined;
    return new Promise((r) => (this.resumed = r));
  }
  resume() {
    this.pausedAt = 0;
    const r = this.resumed;
    this.resumed = undefined;
    r?.();
  }

  private part(kind: PartKind, delta: string): StreamPart {
    return kind === "text"
      ? { type: "text-delta", id: this.dialect.textId, delta }
      : { type: "reasoning-delta", id: this.dialect.reasoningId, delta };
  }

  private give(kind: PartKind, text: string) {
    const lane = this.lane;
    if (!lane) return this.out!.enqueue(this.part(kind, text));
    if (lane.closed) return;
    lane.used = true;
    lane.onPart(
      kind === "text"
        ? { type: "text-delta", id: this.dialect.textId, text }
        : { type: "reasoning-delta", id: this.dialect.reasoningId, text },
    );
  }

  /** How far the deltas' reader has got: the package's stream, or (with a lane) the SDK's past it. */
  private get reached() {
    return this.lane ? this.delivered : this.seen;
  }

  delta(kind: PartKind, text: string) {
    // (A lane's reader has read no marker before the package has been given one: fed ≥ 1 here.)
    if ((this.lane || this.out) && !this.queue.length && this.reached === this.fed) this.give(kind, text);
    else this.queue.push({ after: this.fed, kind, text });
  }

  /** Sends the queued deltas whose marker has been read (all of them with `all`). */
  release(all = false) {
    let i = 0;
    while (i < this.queue.length && (all || this.queue[i]!.after <= this.reached)) {
      const q = this.queue[i]!;
      this.give(q.kind, q.text);
      i++;
    }
    if (i) this.queue.splice(0, i);
  }
}
