// The fetch stand-in most client tests share: a signed-in session token, `fetch` replaced by one mock
// for every test of the file, and the DOM, globals and mock reset after each test. A file's own hooks
// add what it needs beyond this.
import { afterEach, beforeEach, vi } from "vitest";
import { cleanup } from "@testing-library/react";
import { setSessionToken } from "@/client/lib/session-token";

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Registers the hooks; `token: null` leaves the session token alone. */
export function mockFetch({ token = "tok" }: { token?: string | null } = {}) {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    if (token !== null) setSessionToken(token);
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });
  return fetchMock;
}
