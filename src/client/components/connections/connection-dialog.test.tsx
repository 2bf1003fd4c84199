// @vitest-environment happy-dom
// Editing a connection: a masked secret left empty is kept only while the host, URL, region or login
// stays the same (security #4); the form shows why it must be typed again and does not send the edit.
import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { SWRConfig } from "swr";
import { fetcher } from "@/client/lib/api";
import { reenterSecretHint } from "@/client/lib/connections/form";
import { INTEGRATION_BY_KEY } from "@/shared/connections/integrations";
import { PROVIDER_BY_KEY } from "@/shared/connections/providers";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";
import { ConnectionDialog } from "./connection-dialog";

const postgres = INTEGRATION_BY_KEY.postgres!;
const STORED = {
  key: "postgres",
  isConnected: true,
  values: { host: "db.example.com", port: 5432, database: "app", user: "me" },
  secretsSet: ["password"],
};

const fetchMock = mockFetch();
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");

function renderEdit() {
  fetchMock.mockImplementation(async (url, init) =>
    init?.method === "POST"
      ? json({ success: true, connections: {} })
      : String(url).includes("getConnection")
        ? json(STORED)
        : json({}),
  );
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <ConnectionDialog def={postgres} orgId="org_1" mode="edit" open onOpenChange={() => {}} />
    </SWRConfig>,
  );
}

describe("connection dialog, editing", () => {
  it("security #4: changing the host asks for the stored password again and sends nothing until it is given", async () => {
    renderEdit();
    const host = await screen.findByLabelText("Host");
    expect(screen.getByText("Stored securely. Leave blank to keep the current value.")).toBeTruthy();
    fireEvent.change(host, { target: { value: "evil.example.net" } });
    expect(screen.getByText(reenterSecretHint("Host"))).toBeTruthy();
    expect((screen.getByLabelText("Password") as HTMLInputElement).placeholder).not.toMatch(/unchanged/);
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Password is required")).toBeTruthy();
    expect(posts()).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "typed-again" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]![1]!.body))).toMatchObject({
      action: "update",
      key: "postgres",
      data: { host: "evil.example.net", password: "typed-again" },
    });
  });

  it("security #4: a change that keeps the destination (the database name) keeps the stored password", async () => {
    renderEdit();
    fireEvent.change(await screen.findByLabelText("Database"), { target: { value: "reports" } });
    expect(screen.getByText("Stored securely. Leave blank to keep the current value.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]![1]!.body)).data).not.toHaveProperty("password");
  });
});

describe("connection dialog, a provider key checked on save (issue 17 #4)", () => {
  function renderCreate(answer: Response, onOpenChange: (open: boolean) => void = () => {}) {
    fetchMock.mockImplementation(async (_url, init) => (init?.method === "POST" ? answer : json({})));
    render(
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
        <ConnectionDialog def={PROVIDER_BY_KEY.openai!} orgId="org_1" mode="create" open onOpenChange={onOpenChange} />
      </SWRConfig>,
    );
    fireEvent.change(screen.getByLabelText("API Key"), { target: { value: "sk-some-key" } });
    fireEvent.click(screen.getByRole("button", { name: "Connect" }));
  }

  it("the provider's refusal shows at the key field, and the form stays open", async () => {
    const refusal = "OpenAI refused this API key (HTTP 401): Incorrect API key provided: sk-*****-key.";
    renderCreate(json({ error: refusal, code: "bad_request", details: { fields: { OPENAI_API_KEY: refusal } } }, 400));
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.getByLabelText("API Key").getAttribute("aria-invalid")).toBe("true");
  });

  it("saved while the provider could not be asked: the form says so and closes when told", async () => {
    const warning =
      "Saved, but OpenAI could not check the key (HTTP 503). Chats with it will fail if the key is wrong.";
    let open = true;
    renderCreate(json({ success: true, connections: { openai: true }, warning }), (next) => (open = next));
    expect(await screen.findByText(warning)).toBeTruthy();
    expect(open).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(open).toBe(false);
  });
});
