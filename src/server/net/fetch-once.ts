// undici's `fetch` copies every request it sends in "follow" (or "manual") mode — its body teed into two
// web streams, the request object and its headers cloned — in case the answer is a redirect to follow.
// Only "error" mode without a window sends the request itself. A model call is almost never redirected:
// it is sent that way first, and only when the answer was a redirect is it sent again as asked
// (decision 145). A redirect's answer carries no model output, so nothing is done twice.
type Fetch = typeof globalThis.fetch;

/** undici's rejection for a redirect answered in "error" mode. */
export const isUnexpectedRedirect = (err: unknown) =>
  err instanceof TypeError && (err.cause as Error | undefined)?.message === "unexpected redirect";

export function fetchOnce(fetch: Fetch = (input, init) => globalThis.fetch(input, init)): Fetch {
  return async (input, init) => {
    const body = init?.body;
    // Only a body that can be sent again (the SDKs send JSON strings), and only where the caller follows.
    const replayable = body == null || typeof body === "string" || body instanceof Uint8Array;
    if (!replayable || (init?.redirect ?? "follow") !== "follow" || input instanceof Request) return fetch(input, init);
    try {
      return await fetch(input, { ...init, redirect: "error", window: null });
    } catch (err) {
      if (isUnexpectedRedirect(err)) return fetch(input, init);
      throw err;
    }
  };
}
