// A retired worker's way out (decision 118): it stops accepting connections at once, lets every live
// reply and open response finish, and only then shuts down. Its replies keep their process to the end:
// the replica lock is released after them, so no other process takes one over as interrupted.
import type { Server } from "node:http";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Drainable {
  /** The listening server: closed at once; idle keep-alive connections are closed as they become idle. */
  server: Pick<Server, "close" | "closeIdleConnections">;
  /** Replies still running in this process (stream-hub's live streams). */
  liveReplies: () => number;
  pollMs?: number;
}

/** Resolves once the server has no connection left and no reply is live. */
export async function drain({ server, liveReplies, pollMs = 250 }: Drainable): Promise<void> {
  let closed = false;
  server.close(() => (closed = true));
  // A connection whose response ends after close() stays open as keep-alive unless closed here.
  while (!closed || liveReplies() > 0) {
    server.closeIdleConnections();
    await sleep(pollMs);
  }
}
