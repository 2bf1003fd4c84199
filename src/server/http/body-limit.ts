// The request-size limit, without making every POST a web Request. Hono's bodyLimit reads
// `c.req.raw.body` first, and on @hono/node-server that builds the whole web Request (its body a web
// stream over the socket) for every request with a body; the JSON body is then read through it instead
// of node-server's direct read. A declared Content-Length is checked from the header here; a chunked
// body (no length) is counted by Hono's middleware as before (decision 144).
import type { MiddlewareHandler } from "hono";
import { bodyLimit as honoBodyLimit } from "hono/body-limit";
import { AppError } from "../errors";

const tooLarge = (): never => {
  throw new AppError("payload_too_large", "Request body is too large");
};

export function bodyLimit(maxSize: number): MiddlewareHandler {
  const counted = honoBodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const length = c.req.header("content-length");
    if (length !== undefined && c.req.header("transfer-encoding") === undefined) {
      // As Hono's: a declared length over the limit is refused before anything is read. Node's parser has
      // already refused a malformed Content-Length with a 400; the body is never longer than it says.
      if (parseInt(length, 10) > maxSize) tooLarge();
      return next();
    }
    return counted(c, next);
  };
}
