// @vitest-environment happy-dom
// A send_email call waiting for its owner (decision 061): the card shows the stored draft with Send and
// Cancel, and the answer is posted for that draft.
import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ToolInvocation } from "@ai-sdk/ui-utils";
import { jsonResponse as json, mockFetch } from "@/client/test/fetch-mock";
import { InChat } from "./test-helpers";
import { ToolCard } from "./tool-card";

const fetchMock = mockFetch();
const args = { to: ["ann@example.com"], subject: "Q3", html: "<p>Hi</p>" };
const draft = {
  id: "6f1c1f7e-8f1a-4a57-9a43-2f8f1b6b9d01",
  toolCallId: "call_1",
  to: ["ann@example.com", "bob@example.com"],
  subject: "Q3 numbers",
  html: "<p>Numbers are up</p>",
  attachments: [{ fileId: "f1", filename: "q3.pdf", size: 10 }],
};
const calling = { state: "call", toolCallId: "call_1", toolName: "send_email", args } as ToolInvocation;

describe("email draft", () => {
  it("a waiting send_email shows the draft: recipients, subject, attachments, the body in a sandboxed frame", async () => {
    fetchMock.mockResolvedValue(json({ draft }));
    render(
      <InChat>
        <ToolCard invocation={calling} />
      </InChat>,
    );
    const region = await screen.findByRole("region", { name: "Email draft" });
    expect(region.textContent).toContain("ann@example.com, bob@example.com");
    expect(region.textContent).toContain("Q3 numbers");
    expect(within(region).getByRole("list", { name: "Attachments" }).textContent).toContain("q3.pdf");
    const frame = within(region).getByTitle("Email body");
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("srcdoc")).toBe("<p>Numbers are up</p>");
    expect(String(fetchMock.mock.calls[0]![0])).toBe("/api/email-approvals?toolCallId=call_1&orgId=org_1");
  });

  it("Send posts the answer for that draft and waits for the tool's result", async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === "POST" ? json({ status: "approved" }) : json({ draft }),
    );
    render(
      <InChat>
        <ToolCard invocation={calling} />
      </InChat>,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Send" }));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(String(post[0])).toBe(`/api/email-approvals/${draft.id}?orgId=org_1`);
    expect(JSON.parse(String(post[1]!.body))).toEqual({ action: "send" });
    expect(await screen.findByRole("button", { name: "Sending..." })).toHaveProperty("disabled", true);
    expect(screen.getByRole("button", { name: "Cancel" })).toHaveProperty("disabled", true);
  });

  it("no draft stored (the agent does not ask): the card is only its running pill", async () => {
    fetchMock.mockResolvedValue(json({ draft: null }));
    render(
      <InChat>
        <ToolCard invocation={calling} />
      </InChat>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole("region", { name: "Email draft" })).toBeNull();
    expect(screen.getByRole("button", { name: /^Running Send Email\.\.\./ })).toBeTruthy();
  });
});
