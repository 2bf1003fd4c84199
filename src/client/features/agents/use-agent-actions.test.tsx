// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { SWRConfig } from "swr";
import { saveAgentInput, type SaveAgentInput } from "@/shared/agents/schema";
import { fetcher } from "@/client/lib/api";
import { useAgents } from "@/client/api/agents";
import { useModels } from "@/client/api/models";
import { useAgentActions } from "./use-agent-actions";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";

const ORG = "org_1";
const AGENT = { id: 7, name: "Helper", model: "openai:gpt-4.1" };

const fetchMock = mockFetch();
const gets = (prefix: string) =>
  fetchMock.mock.calls.filter(
    ([url, init]) =>
      String(url).startsWith(prefix) && (init?.method ?? "GET") === "GET" && !String(url).includes("?id="),
  ).length;

beforeEach(() => {
  fetchMock.mockImplementation(async (url, init) => {
    if (init?.method === "POST") return json(AGENT, 201);
    if (String(url).startsWith("/api/models")) return json({ models: [], modelPreferences: {} });
    return json([]);
  });
});

function Screen({ payload }: { payload: SaveAgentInput }) {
  const { save } = useAgentActions(ORG);
  useAgents(ORG);
  useModels(ORG);
  return (
    <>
      <p>{useLocation().pathname}</p>
      <button onClick={() => void save(payload)}>Save</button>
    </>
  );
}

const renderScreen = (payload: SaveAgentInput) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={["/control-hub/agents/new"]}>
        <Routes>
          <Route path="*" element={<Screen payload={payload} />} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );

describe("saving an agent", () => {
  it("[AGENT-42] after creating an agent the agent list and the models are refetched", async () => {
    renderScreen(saveAgentInput.parse({ name: "Helper", model: "openai:gpt-4.1" }));
    await waitFor(() => expect([gets("/api/agents?orgId="), gets("/api/models")]).toEqual([1, 1]));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect([gets("/api/agents?orgId="), gets("/api/models")]).toEqual([2, 2]));
    await waitFor(() => expect(screen.getByText("/control-hub/agents/7")).toBeTruthy());
  });

  it("updating an agent refetches the list but not the models", async () => {
    renderScreen(saveAgentInput.parse({ id: 7, name: "Helper", model: "openai:gpt-4.1" }));
    await waitFor(() => expect([gets("/api/agents?orgId="), gets("/api/models")]).toEqual([1, 1]));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(gets("/api/agents?orgId=")).toBe(2));
    expect(gets("/api/models")).toBe(1);
  });
});
