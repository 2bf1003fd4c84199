// CSRF defence for our own /api routes: a browser request that changes state must come from one of
// our origins. Browsers always send Origin (or Sec-Fetch-Site) on cross-site writes; scripts with a
// bearer token send neither and are let through. Session cookies are SameSite=Lax besides.
import { createMiddleware } from "hono/factory";
import { AppError } from "../errors";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export const sameOriginWrites = (trustedOrigins: readonly string[]) =>
  createMiddleware(async (c, next) => {
    if (!SAFE.has(c.req.method)) {
      const origin = c.req.header("origin");
      if (
        origin && origin !== "null" ? !trustedOrigins.includes(origin) : c.req.header("sec-fetch-site") === "cross-site"
      ) {
        throw new AppError("forbidden", "Cross-site request refused");
      }
    }
    await next();
  });
