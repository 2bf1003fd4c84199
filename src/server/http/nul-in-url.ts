// PostgreSQL text cannot hold U+0000, and every path and query value may end up in a query (the
// organisation id first of all: `?orgId=%00` failed the membership lookup with a 500 on every route).
// One check of the raw URL refuses an encoded NUL anywhere before any decoder or handler sees it, so
// no route, present or future, has to remember (decision 032).
import { createMiddleware } from "hono/factory";
import { AppError } from "../errors";

/** `%00` decodes to U+0000 in every URL decoder (Hono's, URLSearchParams, decodeURIComponent). */
export const urlHasNul = (url: string) => /%00/.test(url) || url.includes("\0");

export const refuseNulInUrl = createMiddleware(async (c, next) => {
  if (urlHasNul(c.req.url)) throw new AppError("bad_request", "Text must not contain NUL characters");
  await next();
});
