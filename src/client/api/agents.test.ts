import { describe, expect, it } from "vitest";
import { saveAgentInput } from "@/shared/agents/schema";
import { HttpError } from "@/client/lib/api";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";
import { agentKey, agentsKey, deleteAgent, saveAgent } from "./agents";

const fetchMock = mockFetch();
const sent = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${String(url)}`);

describe("the agents resource", () => {
  it("[API-08] reads and writes name the organisation: the list, one agent, save and delete all carry ?orgId", async () => {
    expect([agentsKey("org 1"), agentKey("org 1", 7)]).toEqual([
      "/api/agents?orgId=org%201",
      "/api/agents?id=7&orgId=org%201",
    ]);
    fetchMock.mockResolvedValue(json({ id: 7 }));
    await saveAgent("org_1", saveAgentInput.parse({ name: "A", model: "openai:gpt-4.1" }));
    fetchMock.mockResolvedValue(json({ success: true }));
    await deleteAgent("org_1", 7);
    expect(sent()).toEqual(["POST /api/agents?orgId=org_1", "DELETE /api/agents?orgId=org_1"]);
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('{"agentId":7}');
  });

  it("a refused save throws the coded HttpError with the server's text", async () => {
    fetchMock.mockResolvedValue(json({ error: "Only organization admins can create agents", code: "forbidden" }, 403));
    const error = await saveAgent("org_1", saveAgentInput.parse({ name: "A", model: "openai:gpt-4.1" })).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 403,
      code: "forbidden",
      info: { error: "Only organization admins can create agents" },
    });
  });
});
