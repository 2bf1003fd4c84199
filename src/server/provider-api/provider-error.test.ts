// Provider failures read as sentences a person can act on (issue 17 #3). The errors come from the real SDK
// clients talking to the loopback stand-in, which answers with OpenAI's and Anthropic's own error bodies.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { generateText } from "ai";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { AppError } from "../errors";
import { providerErrorText } from "./provider-error";

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeProvider();
});
afterAll(async () => fake?.close());

/** The error the SDK throws, with its own retries (so RetryError wrapping is part of what is read). */
async function failureOf(prompt: string, api: "openai" | "anthropic" = "openai", baseURL?: string) {
  const model =
    api === "openai"
      ? createOpenAI({ baseURL: baseURL ?? `${fake.url}/v1`, apiKey: "sk-test" }).chat("gpt-4.1")
      : createAnthropic({ baseURL: `${fake.url}/v1`, apiKey: "sk-ant" }).messages("claude-sonnet-4-20250514");
  try {
    await generateText({ model, prompt, maxRetries: 1 });
  } catch (err) {
    return err;
  }
  throw new Error("the call succeeded");
}

describe("provider failures in words", () => {
  it("a refused key names the provider and where an admin fixes it; never the SDK's text", async () => {
    const text = providerErrorText(await failureOf("[http401]"), "openai:gpt-4.1");
    expect(text).toBe(
      "OpenAI refused the API key (HTTP 401): it is wrong, revoked or lacks access. An admin can fix this in Control Hub → Providers.",
    );
    expect(text).not.toMatch(/AI_APICallError|Failed after|attempts/);
    expect(providerErrorText(await failureOf("[http401]", "anthropic"), "anthropic:claude-sonnet-4-20250514")).toMatch(
      /^Anthropic refused the API key \(HTTP 401\)/,
    );
  });

  it("an unknown model, an exhausted quota, a rate limit and an overload each say what to do", async () => {
    expect(providerErrorText(await failureOf("[http404]"), "openai:gpt-9")).toBe(
      'OpenAI does not know the model "gpt-9" or this key cannot use it. An admin can choose another model for this agent.',
    );
    expect(providerErrorText(await failureOf("[http429]"), "openai:gpt-4.1")).toBe(
      "OpenAI says the account is out of quota or credit. Check the plan and billing with OpenAI.",
    );
    expect(providerErrorText(await failureOf("[http429]", "anthropic"), "anthropic:claude-sonnet-4-20250514")).toBe(
      "Anthropic is limiting how fast requests are sent. Wait a moment and try again.",
    );
    expect(providerErrorText(await failureOf("[http529]", "anthropic"), "anthropic:claude-sonnet-4-20250514")).toBe(
      "Anthropic is overloaded right now. Try again in a moment.",
    );
    expect(providerErrorText(await failureOf("[http500]"), "openai:gpt-4.1")).toBe(
      "OpenAI had a server error (HTTP 500). Try again in a moment.",
    );
  });

  it("an unreachable provider says so; our own refusals pass through unchanged", async () => {
    const closed = await startFakeProvider();
    const url = `${closed.url}/v1`;
    await closed.close();
    expect(providerErrorText(await failureOf("hi", "openai", url), "openai:gpt-4.1")).toBe(
      "Could not reach OpenAI. Check the network and the provider's address, then try again.",
    );
    const notConnected = new AppError(
      "bad_request",
      "xAI is not connected. Ask an admin to connect it in the Control Hub.",
    );
    expect(providerErrorText(notConnected, "xai:grok-4")).toBe(notConnected.message);
  });
});
