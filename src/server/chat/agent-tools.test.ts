// The agent's tool set at run time: a private tool runs only while its organisation has it enabled.
import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext } from "../test/context";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { updateOrgState } from "../settings/queries";
import { toolContext } from "../documents/test-context";
import type { Agent } from "../../shared/agents/schema";
import { buildAgentTools } from "./agent-tools";

let f: TenancyFixture;

beforeAll(async () => {
  f = await createTenancyFixture((await getTestContext()).app);
});

const enable = (orgId: string, enabledPrivateTools: string[]) =>
  updateOrgState({ orgId }, (s) => ({ ...s, settings: { ...s.settings, enabledPrivateTools } }));

const whiteboard = {
  proper_company_name: "Acme Holdings, Inc.",
  short_name: "Acme",
  deal_team_initials: ["JS"],
  slides: [{ slide_number: 1, layout: "TITLE_SLIDE", title: "Acme", elements: [] }],
};

async function callWhiteboard(orgId: string) {
  const { toolCallId: _id, abortSignal: _signal, ...ctx } = toolContext(orgId === f.a.id ? f.a : f.b);
  const tools = buildAgentTools({ id: 1, tools: { save_whiteboard: true } } as unknown as Agent, ctx);
  const execute = tools.save_whiteboard!.execute!;
  return execute(whiteboard as never, { toolCallId: "call-1", messages: [], context: {} } as never) as Promise<
    Record<string, unknown>
  >;
}

describe("private tools at run time", () => {
  it("[TOOL-06] an agent that has a private tool the organisation has not enabled (or has disabled since) is refused; enabled, it runs", async () => {
    await enable(f.a.id, []);
    expect(await callWhiteboard(f.a.id)).toEqual({
      status: "error",
      error: "Deal Whiteboard is a private tool that is not enabled for this organization",
    });
    await enable(f.a.id, ["save_whiteboard"]);
    expect(await callWhiteboard(f.a.id)).toMatchObject({ status: "success" });
    // Another organisation's setting does not count.
    expect(await callWhiteboard(f.b.id)).toMatchObject({ status: "error" });
    await enable(f.a.id, ["save_flash_report"]);
    expect(await callWhiteboard(f.a.id)).toMatchObject({ status: "error" });
  });
});
