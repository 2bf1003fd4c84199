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
  return new Response(message || "Failed to fetch the chat response.", { status: res.status, statusText: res.statusText, headers: res.headers });
}

export const currentTimezone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return "UTC";
  }
};
