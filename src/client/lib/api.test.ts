import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authFetch, callApi, errorMessage, fetcher, HttpError } from "./api";
import { setSessionToken } from "./session-token";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    statusText: status === 200 ? "OK" : "Not Found",
    headers: { "content-type": "application/json" },
  });

describe("authenticated helper", () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
    setSessionToken("tok_123");
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it("[API-01] sends the session token as a bearer token and a JSON content type, same-origin", async () => {
    fetchMock.mockResolvedValue(json({ ok: true }));
    await authFetch("/api/x", { method: "POST", body: { a: 1 } });
    const [url, init] = fetchMock.mock.calls[0];
    const headers = new Headers(init?.headers);
    expect(url).toBe("/api/x");
    expect(headers.get("authorization")).toBe("Bearer tok_123");
    expect(headers.get("content-type")).toBe("application/json");
    expect(init?.credentials).toBe("same-origin");
    expect(init?.body).toBe('{"a":1}');
  });

  it("[API-05] returns the parsed body on success, or text when the body is not JSON", async () => {
    fetchMock.mockResolvedValueOnce(json({ hello: "world" }));
    expect(await authFetch("/api/x")).toEqual({ hello: "world" });
    fetchMock.mockResolvedValueOnce(new Response("plain", { headers: { "content-type": "text/plain" } }));
    expect(await authFetch("/api/x")).toBe("plain");
  });

  it("[API-05] returns ok false, status, statusText and data on failure", async () => {
    fetchMock.mockResolvedValue(json({ error: "Agent not found", code: "not_found" }, 404));
    expect(await authFetch("/api/x")).toEqual({
      ok: false,
      status: 404,
      statusText: "Not Found",
      data: { error: "Agent not found", code: "not_found" },
    });
  });

  it("[API-05] returns the raw response when asked", async () => {
    const res = json({ a: 1 });
    fetchMock.mockResolvedValue(res);
    expect(await authFetch("/api/x", { raw: true })).toBe(res);
  });

  it("[ERR-01] the SWR fetcher throws HTTP {status} with the status and body attached", async () => {
    fetchMock.mockResolvedValue(json({ error: "Unauthorized" }, 401));
    const error = await fetcher("/api/getUser").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toBe("HTTP 401");
    expect((error as HttpError).status).toBe(401);
    expect((error as HttpError).info).toEqual({ error: "Unauthorized" });
  });

  it("[API-06] reads the server's error text from a failure, else uses the fallback", () => {
    expect(
      errorMessage({ ok: false, status: 400, statusText: "", data: { error: "Name is required" } }, "Failed"),
    ).toBe("Name is required");
    expect(errorMessage(new HttpError(500, null), "Failed")).toBe("Failed");
  });

  it("[API-01] callApi sends the body as JSON and returns the parsed answer", async () => {
    fetchMock.mockResolvedValue(json({ id: 7 }));
    expect(await callApi("/api/agents?orgId=o1", { method: "POST", body: { name: "A" } })).toEqual({ id: 7 });
    const [url, init] = fetchMock.mock.calls[0];
    expect([url, init?.method, init?.body]).toEqual(["/api/agents?orgId=o1", "POST", '{"name":"A"}']);
  });

  it("callApi throws one coded HttpError: the server's code, else one named after the status", async () => {
    fetchMock.mockResolvedValueOnce(
      json({ error: "Only organization admins can create agents", code: "forbidden" }, 403),
    );
    const coded = await callApi("/api/agents", { method: "POST", body: {} }).catch((e: unknown) => e);
    expect(coded).toBeInstanceOf(HttpError);
    expect(coded).toMatchObject({ status: 403, code: "forbidden", message: "HTTP 403" });
    expect(errorMessage(coded, "Failed")).toBe("Only organization admins can create agents");
    fetchMock.mockResolvedValueOnce(new Response("Bad Gateway", { status: 502 }));
    expect(await callApi("/api/x").catch((e: unknown) => e)).toMatchObject({
      status: 502,
      code: "bad_gateway",
      info: "Bad Gateway",
    });
  });
});
