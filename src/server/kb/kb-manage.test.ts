import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext, type TestContext } from "../test/context";
import { call, type Identity } from "../test/http";
import { connectOpenAI, createAgent } from "../test/seed";
import { createTenancyFixture, type TenancyFixture } from "../test/tenancy-fixture";
import { addKbFile, createKb } from "./test-support";

let ctx: TestContext;
let f: TenancyFixture;
beforeAll(async () => {
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  await connectOpenAI(ctx.app, f.a.admin, f.a.id);
}, 240_000);

const manage = (method: string, who: Identity, opts: { id?: string; body?: unknown } = {}) =>
  call(ctx.app, method, `/api/kb/manage?orgId=${f.a.id}${opts.id ? `&id=${opts.id}` : ""}`, {
    token: who.token,
    body: opts.body,
  });
const valid = { name: "Policies", description: "HR policies", embeddingModel: "openai:text-embedding-3-small" };

describe("knowledge bases: /api/kb/manage", () => {
  it("[API-35][KB-25][KB-15][KB-17] creates with trimmed name and description, the model's dimensions and status ready", async () => {
    const res = await manage("POST", f.a.admin, {
      body: { ...valid, name: "  Policies  ", description: "  HR policies ", extractionModel: null },
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.knowledgeBase).toMatchObject({
      name: "Policies",
      description: "HR policies",
      embeddingModel: "openai:text-embedding-3-small",
      embeddingDimensions: 1536,
      extractionModel: null,
      extractionSchema: null,
      status: "ready",
      fileCount: 0,
      agents: [],
    });
    expect(typeof res.body.knowledgeBase.id).toBe("string");
    expect(Date.parse(res.body.knowledgeBase.updatedAt)).not.toBeNaN();
  });

  it("[API-33][API-34] lists the organisation's knowledge bases and reads one by id (members too)", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id, { name: "Readable" });
    const list = await manage("GET", f.a.member);
    expect(list.status).toBe(200);
    expect(list.body.success).toBe(true);
    expect(list.body.knowledgeBases.map((k: { id: string }) => k.id)).toContain(kb.id);
    const one = await manage("GET", f.a.member, { id: kb.id });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ success: true, knowledgeBase: { id: kb.id, name: "Readable" } });
  });

  it("[KB-68] an unknown or malformed id is 'Knowledge base not found' (404)", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1"]) {
      const res = await manage("GET", f.a.admin, { id });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("Knowledge base not found");
    }
  });

  it("[KB-15][KB-16] name and embedding model are required, in the spec's words", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, name: "   " }, "Knowledge base name is required"],
      [{ ...valid, name: undefined }, "Knowledge base name is required"],
      [{ ...valid, embeddingModel: "" }, "Please select an embedding model"],
      [{ ...valid, embeddingModel: undefined }, "Please select an embedding model"],
    ];
    for (const [body, error] of cases) {
      const res = await manage("POST", f.a.admin, { body });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(error);
    }
  });

  it("[KB-18][KB-19][KB-20] a schema must be valid JSON with a type, and an object schema needs properties", async () => {
    const bad = await manage("POST", f.a.admin, { body: { ...valid, extractionSchema: "{not json" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^Invalid JSON: /);
    const noType = await manage("POST", f.a.admin, { body: { ...valid, extractionSchema: { properties: {} } } });
    expect(noType.body.error).toBe("JSON schema must have a 'type' field");
    const noProps = await manage("POST", f.a.admin, { body: { ...valid, extractionSchema: { type: "object" } } });
    expect(noProps.body.error).toBe("JSON schema with type 'object' must have a 'properties' field");
    const ok = await manage("POST", f.a.admin, {
      body: {
        ...valid,
        extractionSchema: JSON.stringify({ type: "object", properties: { title: { type: "string" } } }),
      },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.knowledgeBase.extractionSchema).toEqual({
      type: "object",
      properties: { title: { type: "string" } },
    });
  });

  it("refuses embedding and extraction models the organisation has not connected", async () => {
    const azure = await manage("POST", f.a.admin, { body: { ...valid, embeddingModel: "azure:embed" } });
    expect(azure.status).toBe(400);
    expect(azure.body.error).toBe("Unknown embedding model: azure:embed");
    const chat = await manage("POST", f.a.admin, {
      body: { ...valid, extractionModel: "anthropic:claude-3-5-sonnet-latest" },
    });
    expect(chat.status).toBe(400);
    expect(chat.body.error).toBe("Unknown extraction model: anthropic:claude-3-5-sonnet-latest");
    const withChat = await manage("POST", f.a.admin, { body: { ...valid, extractionModel: "openai:gpt-4.1-mini" } });
    expect(withChat.status).toBe(201);
    expect(withChat.body.knowledgeBase.extractionModel).toBe("openai:gpt-4.1-mini");
  });

  it("[API-36] updates name, description, models and schema", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id);
    const res = await manage("PUT", f.a.admin, {
      id: kb.id,
      body: { ...valid, name: "Renamed", embeddingModel: "openai:text-embedding-3-large" },
    });
    expect(res.status).toBe(200);
    expect(res.body.knowledgeBase).toMatchObject({
      name: "Renamed",
      embeddingModel: "openai:text-embedding-3-large",
      embeddingDimensions: 3072,
    });
  });

  it("[KB-14] the embedding model cannot change once files exist; the rest still can", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id);
    await addKbFile(ctx.app, f.a.member, f.a.id, kb.id, { name: "a.txt", type: "text/plain", bytes: "hello" });
    const res = await manage("PUT", f.a.admin, {
      id: kb.id,
      body: { ...valid, embeddingModel: "openai:text-embedding-3-large" },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("Embedding model cannot be changed after files are added");
    const rename = await manage("PUT", f.a.admin, { id: kb.id, body: { ...valid, name: "Still editable" } });
    expect(rename.status).toBe(200);
    expect(rename.body.knowledgeBase).toMatchObject({ name: "Still editable", fileCount: 1 });
  });

  it("only admins create, update and delete knowledge bases (403 in the spec's form)", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id);
    const create = await manage("POST", f.a.member, { body: valid });
    expect(create.status).toBe(403);
    expect(create.body.error).toBe("Only organization admins can create knowledge bases");
    const update = await manage("PUT", f.a.member, { id: kb.id, body: valid });
    expect(update.body.error).toBe("Only organization admins can update knowledge bases");
    const remove = await manage("DELETE", f.a.member, { id: kb.id });
    expect(remove.body.error).toBe("Only organization admins can delete knowledge bases");
    expect((await manage("GET", f.a.admin, { id: kb.id })).status).toBe(200);
  });

  it("[KB-04][AGENT-07] lists the agents using a knowledge base; agents may name only the org's knowledge bases", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id, { name: "Used" });
    const agent = await createAgent(ctx.app, f.a.admin, f.a.id, {
      name: "Reader",
      tools: { search_knowledge_base: { enabled: true, config: { accessibleKnowledgeBaseIds: [kb.id] } } },
    });
    const res = await manage("GET", f.a.admin, { id: kb.id });
    expect(res.body.knowledgeBase.agents).toEqual([{ id: agent.id, name: "Reader" }]);
    const unknown = await call(ctx.app, "POST", `/api/agents?orgId=${f.a.id}`, {
      token: f.a.admin.token,
      body: {
        name: "Bad",
        model: "openai:gpt-4.1",
        tools: { search_knowledge_base: { enabled: true, config: { accessibleKnowledgeBaseIds: ["nope"] } } },
      },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("Unknown knowledge base: nope");
  });

  it("[API-37] deleting removes the knowledge base and agents lose it from accessibleKnowledgeBaseIds", async () => {
    const kb = await createKb(ctx.app, f.a.admin, f.a.id, { name: "Doomed" });
    const keep = await createKb(ctx.app, f.a.admin, f.a.id, { name: "Kept" });
    const agent = await createAgent(ctx.app, f.a.admin, f.a.id, {
      tools: { search_knowledge_base: { enabled: true, config: { accessibleKnowledgeBaseIds: [kb.id, keep.id] } } },
    });
    const res = await manage("DELETE", f.a.admin, { id: kb.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await manage("GET", f.a.admin, { id: kb.id })).status).toBe(404);
    const after = await call(ctx.app, "GET", `/api/agents?orgId=${f.a.id}&id=${agent.id}`, { token: f.a.admin.token });
    expect(after.body.accessibleKnowledgeBaseIds).toEqual([keep.id]);
    expect((await manage("DELETE", f.a.admin, { id: kb.id })).status).toBe(404);
  });
});
