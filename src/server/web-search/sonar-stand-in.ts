// Tests only: a loopback stand-in for Perplexity's Sonar chat completions, speaking its documented wire
// format (https://docs.perplexity.ai/api-reference/chat-completions-post): Bearer key, OpenAI-shaped
// answer plus top-level `citations` and `search_results`, OpenAI-shaped errors
// ({ error: { message, type, code } }). It refuses any key but GOOD_KEY, and a test can make it answer
// 429 with Retry-After, fail with 500 or never answer.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const SONAR_GOOD_KEY = "pplx-good-key";

export type SonarMode = "ok" | "rate-limited" | "quota" | "server-error" | "hang";

export interface SonarRequest {
  authorization?: string;
  body: { model: string; messages: { role: string; content: string }[] };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));

/** An answer as Perplexity shapes it; deep research's content opens with its <think> reasoning. */
export function sonarAnswer(model: string, query: string) {
  const deep = model === "sonar-deep-research";
  return {
    id: "3c90c3cc-0d44-4b50-8888-8dd25736052a",
    model,
    created: 1_724_369_245,
    object: "chat.completion",
    usage: {
      prompt_tokens: 12,
      completion_tokens: 310,
      total_tokens: deep ? 48_213 : 322,
      search_context_size: "low",
      citation_tokens: deep ? 21_400 : undefined,
      num_search_queries: deep ? 18 : 1,
      reasoning_tokens: deep ? 26_501 : undefined,
    },
    citations: ["https://www.harbour.example/tides", "https://coast.example/guide"],
    search_results: [
      { title: "Tide tables 2025", url: "https://www.harbour.example/tides", date: "2025-03-01" },
      { title: "Coastal guide", url: "https://coast.example/guide", date: null },
    ],
    choices: [
      {
        index: 0,
        finish_reason: "stop",
        message: {
          role: "assistant",
          content: `${deep ? "<think>\nLet me plan the searches.\n</think>\n" : ""}About "${query}": spring tides peak on Saturday [1][2].`,
        },
        delta: { role: "assistant", content: "" },
      },
    ],
  };
}

export async function startSonarStandIn() {
  const requests: SonarRequest[] = [];
  let mode: SonarMode = "ok";
  /** The keys it accepts: GOOD_KEY, and any a test adds (organisations' own). */
  const keys = [SONAR_GOOD_KEY];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (c: Buffer) => (raw += c.toString("utf8")));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/chat/completions")
        return json(res, 404, { error: { message: "Not found", type: "not_found", code: 404 } });
      const body = JSON.parse(raw) as SonarRequest["body"];
      requests.push({ authorization: req.headers.authorization, body });
      if (!keys.some((k) => req.headers.authorization === `Bearer ${k}`))
        return json(res, 401, { error: { message: "Invalid API key provided", type: "invalid_api_key", code: 401 } });
      if (mode === "hang") return; // never answers: the caller's time limit must end it
      if (mode === "rate-limited")
        return json(
          res,
          429,
          { error: { message: "Rate limit exceeded", type: "rate_limit_exceeded", code: 429 } },
          { "retry-after": "30" },
        );
      if (mode === "quota")
        return json(res, 429, {
          error: {
            message: "You exceeded your current quota, please check your credits",
            type: "insufficient_quota",
            code: 429,
          },
        });
      if (mode === "server-error")
        return json(res, 500, { error: { message: "Internal server error", type: "server_error", code: 500 } });
      json(res, 200, sonarAnswer(body.model, body.messages.at(-1)?.content ?? ""));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    /**
     * The requests that asked this query. A test counts its own: a request a "hang" test sent just before
     * its time limit may be read by this server only after the next test has begun (one event loop runs
     * both ends), and it is that test's, not the next one's.
     */
    requestsAbout: (query: string) => requests.filter((r) => r.body.messages.at(-1)?.content === query),
    keys,
    setMode: (m: SonarMode) => void (mode = m),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
