// The fetch useChat uses: our bearer token, and a server error ({ error }) turned into plain text so the
// chat shows the server's words rather than raw JSON (chat spec §8, STREAM-21).
import { getSessionToken } from "@/client/lib/session-token";

export async function chatFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const token = getSessionToken();
  if (token) headers.set("Authorization", `Bearer ${token}`);
  const res = await fetch(input, { ...init, headers, credentials: "same-origin" });
  if (res.ok) return res;
  const text = await res.text();
  let message = text;
  try {
    const body = JSON.parse(text) as { error?: unknown };
    if (typeof body.error === "string") message = body.error;
  } catch {
    // not JSON: keep the text
  }
  return new Response(message || "Failed to fetch the chat response.", {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
}

export const currentTimezone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return "UTC";
  }
};

/**
 * A reply is not tied to its request (decision 009): aborting the fetch before the response arrives
 * would leave the server generating into a thread we never heard of. So the request itself is never
 * cut off early: an abort rejects at once for useChat, and when the response does arrive its thread
 * (X-Thread-ID, else the thread we already had) is handed to `onStoppedEarly` to be stopped there.
 * Once the response is here, an abort cancels it as usual.
 */
export function stopAwareFetch(fetchImpl: typeof fetch, onStoppedEarly: (res: Response) => void): typeof fetch {
  return (input, init = {}) => {
    const outer = init.signal;
    if (!outer) return fetchImpl(input, init);
    const inner = new AbortController();
    const pending = fetchImpl(input, { ...init, signal: inner.signal });
    return new Promise<Response>((resolve, reject) => {
      let settled = false;
      const abortError = () => new DOMException("The user aborted a request.", "AbortError");
      const onAbort = () => {
        if (settled) return inner.abort();
        settled = true;
        reject(abortError());
        pending.then(
          (res) => {
            inner.abort();
            onStoppedEarly(res);
          },
          () => {},
        );
      };
      if (outer.aborted) return onAbort();
      outer.addEventListener("abort", onAbort, { once: true });
      pending.then(
        (res) => {
          if (settled) return;
          settled = true;
          resolve(res);
        },
        (err: unknown) => {
          if (settled) return;
          settled = true;
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  };
}
