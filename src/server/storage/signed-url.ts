// HMAC-SHA256 signatures for the local store's URLs. A signature binds the method, the path and every
// query parameter the handler acts on, so changing any of them (key, type, size limit, expiry, file
// name, disposition, metadata) invalidates the URL.
//
// The signed text is a JSON array, never values joined by a separator: a value (a file name is the
// caller's) holding "\n" or "=" must not be able to read as further parameters (issue 10, #1). Each URL
// shape lists the parameters it may carry and the longest life it may have, so a URL with a parameter
// the route does not know, twice the same one, or an expiry beyond the cap never verifies.
import { createHmac, timingSafeEqual } from "node:crypto";

export type SignedMethod = "PUT" | "GET";

/** What one route's signed URLs look like. */
export interface UrlShape {
  method: SignedMethod;
  path: string;
  /** Parameters every URL carries (besides `exp` and `sig`). */
  required: readonly string[];
  optional?: readonly string[];
  /** A name made of this prefix and lowercase letters or digits is allowed too (upload metadata). */
  prefix?: string;
  /** The longest a URL of this shape may live, in seconds. */
  maxTtlSeconds: number;
}

const SIGNATURE_PARAM = "sig";
const EXPIRY_PARAM = "exp";
/** Replicas' clocks may disagree a little: an expiry this far past the cap is still a URL we signed. */
const CLOCK_SKEW_SECONDS = 60;
const VERSION = "sb-url-v2";

const canonical = (shape: UrlShape, params: Record<string, string>) =>
  JSON.stringify([
    VERSION,
    shape.method,
    shape.path,
    Object.keys(params)
      .sort()
      .map((name) => [name, params[name]]),
  ]);

const mac = (secret: Buffer, shape: UrlShape, params: Record<string, string>) =>
  createHmac("sha256", secret).update(canonical(shape, params)).digest();

const PREFIXED_NAME = /^[a-z0-9]+$/;

function knownName(shape: UrlShape, name: string): boolean {
  if (name === EXPIRY_PARAM || shape.required.includes(name) || shape.optional?.includes(name)) return true;
  return !!shape.prefix && name.startsWith(shape.prefix) && PREFIXED_NAME.test(name.slice(shape.prefix.length));
}

const hasShape = (shape: UrlShape, params: Record<string, string>) =>
  Object.keys(params).every((name) => knownName(shape, name)) &&
  [EXPIRY_PARAM, ...shape.required].every((name) => name in params);

/** `path?params&exp=…&sig=…`, valid for `ttlSeconds` (at most the shape's cap). */
export function signUrl(
  secret: Buffer,
  shape: UrlShape,
  values: Record<string, string>,
  ttlSeconds: number,
  now = Date.now(),
): string {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds <= 0 || ttlSeconds > shape.maxTtlSeconds) {
    throw new RangeError(`A signed URL lives 1 to ${shape.maxTtlSeconds} seconds, not ${ttlSeconds}`);
  }
  const params = { ...values, [EXPIRY_PARAM]: String(Math.floor(now / 1000) + ttlSeconds) };
  if (!hasShape(shape, params))
    throw new Error(`Parameters ${Object.keys(values).join(", ")} do not fit ${shape.method} ${shape.path}`);
  const query = new URLSearchParams(params);
  query.set(SIGNATURE_PARAM, mac(secret, shape, params).toString("base64url"));
  return `${shape.path}?${query.toString()}`;
}

export type Verification =
  { ok: true; params: Record<string, string> } | { ok: false; reason: "signature" | "expired" };

/**
 * Checks the parameters against the shape (no repeated, unknown or missing one), the signature in
 * constant time, then the expiry (not past, not beyond the shape's cap).
 */
export function verifyUrl(secret: Buffer, shape: UrlShape, query: URLSearchParams, now = Date.now()): Verification {
  const params: Record<string, string> = {};
  let signature: string | null = null;
  for (const [name, value] of query) {
    if (name === SIGNATURE_PARAM) {
      if (signature !== null) return { ok: false, reason: "signature" };
      signature = value;
    } else {
      if (Object.hasOwn(params, name)) return { ok: false, reason: "signature" };
      params[name] = value;
    }
  }
  if (!signature || !hasShape(shape, params)) return { ok: false, reason: "signature" };
  const expected = mac(secret, shape, params);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "signature" };
  const exp = Number(params[EXPIRY_PARAM]);
  if (!Number.isSafeInteger(exp)) return { ok: false, reason: "signature" };
  if (exp * 1000 < now) return { ok: false, reason: "expired" };
  // Only a leaked signing key or a broken signer makes such a URL: it must not work for centuries.
  if (exp * 1000 > now + (shape.maxTtlSeconds + CLOCK_SKEW_SECONDS) * 1000) return { ok: false, reason: "signature" };
  return { ok: true, params };
}
