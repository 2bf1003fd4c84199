// call_api: one request through the guarded client. params become the query string (GET, DELETE) or
// the JSON body (POST, PUT). Any HTTP answer, 4xx/5xx included, is a success result carrying statusCode
// and the body, because the body usually explains what went wrong; refusals and transport failures are
// "Error calling API: …".
import { guardedFetch } from "../../server/net/guarded-fetch";
import { toolError, type ToolExecutor } from "../executor.server";
import type { callApi } from "./definition";

/** Longest response text returned to the model; longer bodies are cut with a note. */
export const CALL_API_MAX_CHARS = 50_000;

const asParam = (v: unknown) => (typeof v === "object" ? JSON.stringify(v) : String(v));

export function withQuery(endpoint: string, params: Record<string, unknown> | undefined): URL {
  const url = new URL(endpoint);
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    for (const v of Array.isArray(value) ? value : [value])
      if (v !== undefined && v !== null) url.searchParams.append(key, asParam(v));
  }
  return url;
}

export const execute: ToolExecutor<typeof callApi> = async (input, ctx) => {
  const method = input.request_type;
  const hasBody = method === "POST" || method === "PUT";
  try {
    const url = hasBody ? new URL(input.endpoint_url) : withQuery(input.endpoint_url, input.params);
    const headers: Record<string, string> = { accept: "application/json, text/plain;q=0.9, */*;q=0.8" };
    let body: string | undefined;
    if (hasBody && input.params !== undefined) {
      body = JSON.stringify(input.params);
      headers["content-type"] = "application/json";
    }
    const res = await guardedFetch(url, { method, headers, body, signal: ctx.abortSignal });
    const text = res.text();
    const content =
      text.length <= CALL_API_MAX_CHARS
        ? text
        : `${text.slice(0, CALL_API_MAX_CHARS)}\n\n[Truncated: ${text.length - CALL_API_MAX_CHARS} more characters]`;
    const responseHeaders = Object.fromEntries([...res.headers].filter(([name]) => name !== "set-cookie"));
    return { status: "success", content, statusCode: res.status, headers: responseHeaders, url: res.url };
  } catch (err) {
    return toolError(`Error calling API: ${err instanceof Error ? err.message : String(err)}`);
  }
};
