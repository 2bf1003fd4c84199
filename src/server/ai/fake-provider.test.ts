// The loopback provider stand-in must refuse what the real APIs refuse, in their own error shapes, or a
// client bug (no key, a bad token limit, a malformed tool schema) would pass here and fail in production.
// These drive the real SDK clients against it, so the SDKs' own error parsers read the bodies.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { APICallError, generateText, jsonSchema, streamText, tool } from "ai";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(async () => fake?.close());

async function failure(run: () => Promise<unknown>): Promise<APICallError> {
  try {
    await run();
  } catch (err) {
    const cause = (err as { lastError?: unknown }).lastError ?? err;
    if (APICallError.isInstance(cause)) return cause;
    throw err;
  }
  throw new Error("the call succeeded");
}

const post = (path: string, headers: Record<string, string>, body: unknown) =>
  fetch(`${fake.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("fake provider: OpenAI Chat Completions", () => {
  const openai = (apiKey: string) => createOpenAI({ baseURL: `${fake.url}/v1`, apiKey });

  it("refuses a request without an API key with 401 and OpenAI's error body", async () => {
    const res = await post(
      "/v1/chat/completions",
      {},
      { model: "gpt-4.1", messages: [{ role: "user", content: "hi" }] },
    );
    expect(res.status).toBe(401);
    const body = await res.json();
    expect(body).toEqual({
      error: {
        message: expect.stringContaining("You didn't provide an API key"),
        type: "invalid_request_error",
        param: null,
        code: null,
      },
    });
  });

  it("refuses a max_tokens below 1 (the SDK checks this itself, so the request is sent raw)", async () => {
    const res = await post(
      "/v1/chat/completions",
      { authorization: "Bearer sk-test" },
      { model: "gpt-4.1", max_tokens: 0, messages: [{ role: "user", content: "hi" }] },
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual({
      message: "Invalid 'max_tokens': integer below minimum value. Expected a value >= 1, but got 0 instead.",
      type: "invalid_request_error",
      param: "max_tokens",
      code: "integer_below_min_value",
    });
  });

  it("refuses a tool whose parameters are not an object schema", async () => {
    const bad = tool({ description: "x", inputSchema: jsonSchema({ type: "string" }) });
    const err = await failure(() =>
      generateText({ model: openai("sk-test").chat("gpt-4.1"), prompt: "hi", tools: { bad }, maxRetries: 0 }),
    );
    expect(err.statusCode).toBe(400);
    expect(err.message).toContain(`Invalid schema for function 'bad'`);
  });

  it("answers a valid request with a stream", async () => {
    const result = streamText({ model: openai("sk-test").chat("gpt-4.1"), prompt: "ping" });
    expect(await result.text).toBe("You said: ping");
  });
});

describe("fake provider: Anthropic Messages", () => {
  const anthropic = (apiKey: string) => createAnthropic({ baseURL: `${fake.url}/v1`, apiKey });

  it("refuses a request without x-api-key with 401 and Anthropic's error body", async () => {
    const res = await post(
      "/v1/messages",
      { "anthropic-version": "2023-06-01" },
      { model: "claude-sonnet-4-20250514", max_tokens: 10, messages: [] },
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      type: "error",
      error: { type: "authentication_error", message: "x-api-key header is required" },
    });
  });

  it("refuses a missing or non-positive max_tokens, as the Messages API does", async () => {
    const headers = { "x-api-key": "k", "anthropic-version": "2023-06-01" };
    const missing = await post("/v1/messages", headers, {
      model: "claude-sonnet-4-20250514",
      messages: [{ role: "user", content: "hi" }],
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toEqual({
      type: "invalid_request_error",
      message: "max_tokens: Field required",
    });
    const zero = await post("/v1/messages", headers, {
      model: "claude-sonnet-4-20250514",
      max_tokens: 0,
      messages: [{ role: "user", content: "hi" }],
    });
    expect(zero.status).toBe(400);
    expect((await zero.json()).error).toEqual({
      type: "invalid_request_error",
      message: "max_tokens: Input should be greater than or equal to 1",
    });
  });

  it("refuses a tool whose input schema is not an object", async () => {
    const bad = tool({ description: "x", inputSchema: jsonSchema({ type: "array" }) });
    const err = await failure(() =>
      generateText({
        model: anthropic("sk-ant").messages("claude-sonnet-4-20250514"),
        prompt: "hi",
        tools: { bad },
        maxRetries: 0,
      }),
    );
    expect(err.statusCode).toBe(400);
    expect(err.message).toBe("tools.0.custom.input_schema.type: Input should be 'object'");
  });

  it("sends a scripted failure in Anthropic's shape, which the SDK parses", async () => {
    fake.enqueue({ httpError: 529 });
    const err = await failure(() =>
      generateText({ model: anthropic("sk-ant").messages("claude-sonnet-4-20250514"), prompt: "hi", maxRetries: 0 }),
    );
    expect(err.statusCode).toBe(529);
    expect(err.message).toBe("Overloaded");
    expect(JSON.parse(err.responseBody!)).toEqual({
      type: "error",
      error: { type: "overloaded_error", message: "Overloaded" },
    });
  });
});
