import { describe, expect, it } from "vitest";
import { signUrl, verifyUrl, type UrlShape } from "./signed-url";

const secret = Buffer.alloc(32, 3);
const shape: UrlShape = {
  method: "GET",
  path: "/api/blob/download",
  required: ["key", "disp"],
  optional: ["name"],
  maxTtlSeconds: 900,
};
const now = Date.UTC(2026, 10, 26);
const query = (url: string) => new URL(url, "http://x").searchParams;

describe("signed URLs (security #1)", () => {
  it("security #1: verifies what it signed, with the file name exactly as given", () => {
    const url = signUrl(secret, shape, { key: "org/a/f.txt", disp: "attachment", name: 'a\nb=c\u0000"é' }, 300, now);
    expect(verifyUrl(secret, shape, query(url), now)).toEqual({
      ok: true,
      params: { key: "org/a/f.txt", disp: "attachment", name: 'a\nb=c\u0000"é', exp: String(now / 1000 + 300) },
    });
  });

  it("security #1: values that contain separators cannot be re-split into other parameters", () => {
    const url = signUrl(
      secret,
      { ...shape, optional: ["name", "a"] },
      { key: "k", disp: "attachment", name: "x\nkey=other" },
      300,
      now,
    );
    const q = query(url);
    const forged = new URLSearchParams([
      ["disp", "attachment"],
      ["exp", q.get("exp")!],
      ["key", "k\nname=x"],
      ["key", "other"],
    ]);
    forged.set("sig", q.get("sig")!);
    expect(verifyUrl(secret, shape, forged, now).ok).toBe(false);
    const moved = new URLSearchParams([
      ["disp", "attachment"],
      ["exp", q.get("exp")!],
      ["key", "other"],
      ["name", "x"],
      ["sig", q.get("sig")!],
    ]);
    expect(verifyUrl(secret, shape, moved, now).ok).toBe(false);
  });

  it("security #1: a parameter the route does not know is refused even when it was signed", () => {
    const wide: UrlShape = { ...shape, optional: ["name", "extra"] };
    const url = signUrl(secret, wide, { key: "k", disp: "inline", extra: "1" }, 60, now);
    expect(verifyUrl(secret, wide, query(url), now).ok).toBe(true);
    expect(verifyUrl(secret, shape, query(url), now)).toEqual({ ok: false, reason: "signature" });
  });

  it("security #1: a missing required parameter, a repeated one or a second signature is refused", () => {
    const url = signUrl(secret, shape, { key: "k", disp: "inline" }, 60, now);
    for (const change of [
      (q: URLSearchParams) => q.delete("disp"),
      (q: URLSearchParams) => q.append("key", "k"),
      (q: URLSearchParams) => q.append("sig", q.get("sig")!),
    ]) {
      const q = query(url);
      change(q);
      expect(verifyUrl(secret, shape, q, now).ok, q.toString()).toBe(false);
    }
  });

  it("security #1: the path and method are signed: an upload shape does not verify a download URL", () => {
    const url = signUrl(secret, shape, { key: "k", disp: "inline" }, 60, now);
    expect(verifyUrl(secret, { ...shape, path: "/api/other" }, query(url), now).ok).toBe(false);
    expect(verifyUrl(secret, { ...shape, method: "PUT" }, query(url), now).ok).toBe(false);
  });

  it("security #1: the expiry is capped when signing and when verifying", () => {
    expect(() => signUrl(secret, shape, { key: "k", disp: "inline" }, 901, now)).toThrow(RangeError);
    expect(() => signUrl(secret, shape, { key: "k", disp: "inline", other: "x" }, 60, now)).toThrow(/do not fit/);
    // Signed at a clock ten years ahead: the signature is good, the expiry is not believable.
    const url = signUrl(secret, shape, { key: "k", disp: "inline" }, 60, now + 10 * 365 * 86400_000);
    expect(verifyUrl(secret, shape, query(url), now)).toEqual({ ok: false, reason: "signature" });
    // A replica a little ahead is fine; past the expiry is "expired".
    const ahead = signUrl(secret, shape, { key: "k", disp: "inline" }, 900, now + 30_000);
    expect(verifyUrl(secret, shape, query(ahead), now).ok).toBe(true);
    expect(verifyUrl(secret, shape, query(ahead), now + 931_000)).toEqual({ ok: false, reason: "expired" });
  });
});
