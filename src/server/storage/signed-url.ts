// HMAC-SHA256 signatures for the local store's URLs. A signature binds the method and every query
// parameter the handler acts on, so changing any of them (key, type, size limit, expiry, file name,
// disposition, metadata) invalidates the URL.
import { createHmac, timingSafeEqual } from "node:crypto";

export type SignedMethod = "PUT" | "GET";

const SIGNATURE_PARAM = "sig";

/** The canonical string: method, then the parameters sorted by name, one `name=value` a line. */
function canonical(method: SignedMethod, params: Record<string, string>): string {
  const lines = Object.keys(params)
    .sort()
    .map((name) => `${name}=${params[name]}`);
  return [method, ...lines].join("\n");
}

const mac = (secret: Buffer, method: SignedMethod, params: Record<string, string>) =>
  createHmac("sha256", secret).update(canonical(method, params)).digest();

/** `path?params&sig=…`; `params` must include `exp` (unix seconds). */
export function signUrl(secret: Buffer, method: SignedMethod, path: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params);
  query.set(SIGNATURE_PARAM, mac(secret, method, params).toString("base64url"));
  return `${path}?${query.toString()}`;
}

export type Verification = { ok: true; params: Record<string, string> } | { ok: false; reason: "signature" | "expired" };

/** Checks the signature in constant time, then the expiry. Repeated parameters never verify. */
export function verifyUrl(secret: Buffer, method: SignedMethod, query: URLSearchParams, now = Date.now()): Verification {
  const params: Record<string, string> = {};
  let signature: string | null = null;
  for (const [name, value] of query) {
    if (name === SIGNATURE_PARAM) {
      if (signature !== null) return { ok: false, reason: "signature" };
      signature = value;
    } else {
      if (name in params) return { ok: false, reason: "signature" };
      params[name] = value;
    }
  }
  if (!signature) return { ok: false, reason: "signature" };
  const expected = mac(secret, method, params);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "signature" };
  const exp = Number(params.exp);
  if (!Number.isInteger(exp) || exp * 1000 < now) return { ok: false, reason: "expired" };
  return { ok: true, params };
}
