// A reply this process owns goes straight to the Node response: no web ReadableStream between the
// hub and the socket, which costs a promise chain per token under many concurrent replies (bench/).
// Requests that do not come through Node's HTTP server (app.request in tests) or whose reply another
// replica owns take the Response path instead.
import type { ServerResponse } from "node:http";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { follow, isLive } from "./stream-hub";
import { finishTrace, mark } from "../perf/trace";

export function streamToNode(env: unknown, replyId: string, headers: Record<string, string>): Response | null {
  const outgoing = (env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (!outgoing || !isLive(replyId)) return null;
  outgoing.writeHead(200, headers);
  mark?.("writeHead");
  // Lines are sent as they come; Nagle would hold a token back waiting for the previous one's ACK.
  outgoing.socket?.setNoDelay(true);
  const unfollow = follow(
    replyId,
    (chunk) => {
      void outgoing.write(chunk);
      // Node's write corks the socket until process.nextTick, which, when the write runs in a promise job
      // (a stored batch's insert resolving), comes only once every queued promise job has run: the rest
      // of the model's read, the next insert (on PGlite, run in this thread). The batch is one write
      // either way (its chunk header, data and CRLF are in the corked buffer): sent now (decision 112).
      outgoing.socket?.uncork();
      if (finishTrace && chunk.includes('0:"')) finishTrace("first text written to socket");
      else mark?.("other line written");
    },
    () => outgoing.end(),
  );
  outgoing.once("close", () => unfollow?.());
  return RESPONSE_ALREADY_SENT;
}
