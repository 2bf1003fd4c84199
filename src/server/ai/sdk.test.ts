// The lazy accessors' error checks must agree with the SDK's own `isInstance` (they read the same marker),
// and agent-tools.ts relies on the SDK's `tool()` returning its argument unchanged.
import { describe, expect, it } from "vitest";
import { APICallError, LoadAPIKeyError, NoSuchModelError, RetryError, tool } from "ai";
import { aiSdk } from "./sdk";
import { isApiCallError, isLoadApiKeyError, isNoSuchModelError, isRetryError } from "../provider-api/sdk-errors";

describe("AI SDK accessors", () => {
  const apiCall = new APICallError({ message: "no", url: "http://x", requestBodyValues: {}, statusCode: 429 });
  const loadKey = new LoadAPIKeyError({ message: "no key" });
  const noModel = new NoSuchModelError({ modelId: "m", modelType: "languageModel" });
  const retry = new RetryError({ message: "failed", reason: "maxRetriesExceeded", errors: [apiCall] });
  const all = [apiCall, loadKey, noModel, retry, new Error("plain"), null, "text", { statusCode: 429 }];

  it("recognise the SDK's errors exactly as its isInstance does", () => {
    for (const e of all) {
      expect(isApiCallError(e)).toBe(APICallError.isInstance(e));
      expect(isLoadApiKeyError(e)).toBe(LoadAPIKeyError.isInstance(e));
      expect(isNoSuchModelError(e)).toBe(NoSuchModelError.isInstance(e));
      expect(isRetryError(e)).toBe(RetryError.isInstance(e));
    }
    expect([
      isApiCallError(apiCall),
      isLoadApiKeyError(loadKey),
      isNoSuchModelError(noModel),
      isRetryError(retry),
    ]).toEqual([true, true, true, true]);
  });

  it("load the SDK once and keep it", async () => {
    expect(await aiSdk()).toBe(await aiSdk());
    expect((await aiSdk()).APICallError).toBe(APICallError);
  });

  it("tool() is the identity, so agent tools can be plain objects", () => {
    const def = { description: "d", inputSchema: { type: "object" }, execute: async () => 1 };
    expect(tool(def as any)).toBe(def);
  });
});
