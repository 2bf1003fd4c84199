// The readable reasons behind the web tools' errors (chat spec §8 per-tool errors, with the service's reason).
import { describe, expect, it } from "vitest";
import { retryAfterSeconds, serviceErrorReason, serviceMessage } from "./service-error";

const PPLX = { name: "Perplexity", keyEnv: "PERPLEXITY_API_KEY" };

describe("web service errors", () => {
  it("Retry-After is read as seconds or as an HTTP date", () => {
    const now = Date.parse("2025-06-01T12:00:00Z");
    expect(retryAfterSeconds("120", now)).toBe(120);
    expect(retryAfterSeconds("Sun, 01 Jun 2025 12:00:30 GMT", now)).toBe(30);
    expect(retryAfterSeconds("Sun, 01 Jun 2025 11:00:00 GMT", now)).toBe(0);
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect(retryAfterSeconds("soon", now)).toBeUndefined();
  });

  it("keeps the service's own words from a JSON or text body, not from an HTML error page", () => {
    expect(serviceMessage('{"error":{"message":"Invalid API key.","type":"invalid_api_key"}}')).toBe("Invalid API key");
    expect(serviceMessage('{"error":"Bad\\n request"}')).toBe("Bad request");
    expect(serviceMessage("upstream timed out")).toBe("upstream timed out");
    expect(serviceMessage("<html><title>401 Authorization Required</title></html>")).toBeUndefined();
    expect(serviceMessage("")).toBeUndefined();
  });

  it("names the key to check on 401/403, credit on 402, waiting on 429 and retrying on 5xx", () => {
    expect(serviceErrorReason(PPLX, 403, "<html>Forbidden</html>", null)).toBe(
      "Perplexity refused the API key (HTTP 403). The operator must check PERPLEXITY_API_KEY.",
    );
    const daily = '{"error":{"code":403,"message":"Daily Limit Exceeded","errors":[{"reason":"dailyLimitExceeded"}]}}';
    expect(serviceErrorReason({ name: "Google", keyEnv: "K" }, 403, daily, null)).toBe(
      "Google says the quota is used up (HTTP 403): Daily Limit Exceeded.",
    );
    expect(serviceErrorReason(PPLX, 402, '{"error":{"message":"Insufficient credits"}}', null)).toBe(
      "Perplexity says the account is out of credit (HTTP 402): Insufficient credits.",
    );
    expect(serviceErrorReason(PPLX, 429, "", null)).toBe(
      "Perplexity is limiting how fast requests are sent (HTTP 429); try again in a moment.",
    );
    expect(serviceErrorReason(PPLX, 503, "", null)).toBe(
      "Perplexity had a server error (HTTP 503). Try again in a moment.",
    );
    expect(serviceErrorReason(PPLX, 400, '{"error":{"message":"Invalid model"}}', null)).toBe(
      "Perplexity refused the request (HTTP 400): Invalid model.",
    );
  });
});
