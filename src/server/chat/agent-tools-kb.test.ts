// The agent's tool set as a chat reply gets it: read_kb_file is on with search_knowledge_base
// (AGENT-08), and the knowledge-base readers reach the knowledge bases of search_knowledge_base's
// accessibleKnowledgeBaseIds, and no others.
import { beforeAll, describe, expect, it } from "vitest";
import type { Agent } from "../../shared/agents/schema";
import { getTestContext } from "../test/context";
import { makeKb, makeOrg } from "../kb/index/test-fixture";
import { makeReadableFile } from "../kb/read/test-fixture";
import { updateOrgState } from "../settings/queries";
import { buildAgentTools } from "./agent-tools";

let orgId: string;
let open: string;
let closed: string;
let inOpen: string;
let inClosed: string;

beforeAll(async () => {
  await getTestContext();
  orgId = await makeOrg();
  // get_kb_file_pages is a private tool: it runs only where the organisation enabled it (decision 066).
  await updateOrgState({ orgId }, (s) => ({
    ...s,
    settings: { ...s.settings, enabledPrivateTools: ["get_kb_file_pages", "read_kb_file"] },
  }));
  open = await makeKb(orgId, 1536, "Policies");
  closed = await makeKb(orgId, 1536, "Board");
  inOpen = (await makeReadableFile(orgId, open, { name: "open.txt", chunks: ["Open text"] })).id;
  inClosed = (await makeReadableFile(orgId, closed, { name: "closed.txt", chunks: ["Closed text"] })).id;
}, 300_000);

const agentWith = (tools: Agent["tools"]) => ({ id: 1, tools }) as unknown as Agent;
const ctx = () => ({ orgId, depth: 0 }) as unknown as Parameters<typeof buildAgentTools>[1];
const call = (tools: ReturnType<typeof buildAgentTools>, name: string, input: unknown) =>
  (tools[name]!.execute as (i: unknown, o: { toolCallId: string }) => Promise<Record<string, unknown>>)(input, {
    toolCallId: "t1",
  });

describe("buildAgentTools and the knowledge-base tools", () => {
  const kbTools = () => ({ search_knowledge_base: { enabled: true, config: { accessibleKnowledgeBaseIds: [open] } } });

  it("[AGENT-08] read_kb_file is on when search_knowledge_base is on", () => {
    expect(Object.keys(buildAgentTools(agentWith(kbTools()), ctx())).sort()).toEqual([
      "read_kb_file",
      "search_knowledge_base",
    ]);
    expect(Object.keys(buildAgentTools(agentWith({ read_kb_file: false }), ctx()))).toEqual([]);
  });

  it("[AGENT-08] [TOOL-32] read_kb_file and get_kb_file_pages reach search_knowledge_base's accessible knowledge bases only", async () => {
    const tools = buildAgentTools(agentWith({ ...kbTools(), get_kb_file_pages: true }), ctx());
    expect(await call(tools, "read_kb_file", { file_id: inOpen })).toMatchObject({ status: "success" });
    expect(await call(tools, "read_kb_file", { file_id: inClosed })).toMatchObject({ status: "error" });
    const page = { file_name: "x", pages: [1] };
    expect(await call(tools, "get_kb_file_pages", { ...page, knowledge_base_id: open, file_id: inOpen })).toMatchObject(
      {
        status: "success",
        text: "[Page 1]\nOpen text",
      },
    );
    expect(
      await call(tools, "get_kb_file_pages", { ...page, knowledge_base_id: closed, file_id: inClosed }),
    ).toMatchObject({ status: "error" });
  });
});
