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
  const socket = outgoing.socket;
  // Each batch after the first is one chunk of HTTP's chunked encoding written to the socket in one write
  // (decision 148), not OutgoingMessage's four (size, CRLF, data, CRLF) gathered by a cork into a writev. Only
  // when the response holds the socket (every write of it went straight there: the headers, with the first
  // batch) and frames its body in chunks; end() still writes the last chunk. Otherwise through write().
  const framed = !!socket && outgoing.chunkedEncoding;
  let headed = false;
  // Lines are sent as they come; Nagle would hold a token back waiting for the previous one's ACK.
  socket?.setNoDelay(true);
  const unfollow = follow(
    replyId,
    (chunk) => {
      // (An empty chunk would end the body: none is written, as write("") writes none.)
      if (headed && chunk && outgoing.socket === socket && !outgoing.writableEnded)
        socket!.write(`${Buffer.byteLength(chunk).toString(16)}\r\n${chunk}\r\n`);
      else {
        void outgoing.write(chunk);
        // Node's write corks the socket until process.nextTick, which, when the write runs in a promise job
        // (a stored batch's insert resolving), comes only once every queued promise job has run: sent now
        // (decision 112).
        outgoing.socket?.uncork();
        headed ||= framed && !!chunk;
      }
      if (finishTrace && chunk.includes('0:"')) finishTrace("first text written to socket");
      else mark?.("other line written");
    },
    () => outgoing.end(),
  );
  outgoing.once("close", () => unfollow?.());
  return RESPONSE_ALREADY_SENT;
}
