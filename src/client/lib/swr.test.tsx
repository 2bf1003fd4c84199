// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import useSWR from "swr";
import { useAgents } from "@/client/api/agents";
import { jsonResponse, mockFetch } from "@/client/test/fetch-mock";
import { SwrProvider } from "./swr";

const fetchMock = mockFetch();

function Screen() {
  // What useChat does for its status: SWR as local state, with no fetcher.
  const { data: status = "ready", mutate } = useSWR<string>(["/api/chat", "chat-1", "status"], null);
  const agents = useAgents("org_1");
  return (
    <button onClick={() => void mutate("streaming", { revalidate: true })}>
      {status} {agents.data ? `${agents.data.length} agents` : "loading"}
    </button>
  );
}

describe("the app's SWR provider", () => {
  it("fetches the API modules' keys but never local-state keys that have no fetcher", async () => {
    fetchMock.mockImplementation(async () => jsonResponse([]));
    render(
      <SwrProvider>
        <Screen />
      </SwrProvider>,
    );
    await screen.findByText("ready 0 agents");
    screen.getByRole("button").click();
    await screen.findByText("streaming 0 agents");
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(["/api/agents?orgId=org_1"]));
  });
});
