// POST /api/kb/search through the app, against the loopback fake provider for the query's embedding.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProvider, type FakeProvider } from "../../../../e2e/support/fake-provider";
import { getTestContext, type TestContext } from "../../test/context";
import { call, type Identity } from "../../test/http";
import { connectOpenAI } from "../../test/seed";
import { createTenancyFixture, type TenancyFixture } from "../../test/tenancy-fixture";
import { createKb } from "../test-support";
import { makeFile } from "./test-fixture";

let ctx: TestContext;
let f: TenancyFixture;
let fake: FakeProvider;
let kbId: string;
let policy: string;
let menu: string;

beforeAll(async () => {
  fake = await startFakeProvider();
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  await connectOpenAI(ctx.app, f.a.admin, f.a.id);
  kbId = (await createKb(ctx.app, f.a.admin, f.a.id, { name: "Policies" })).id;
  policy = await makeFile(
    f.a.id,
    kbId,
    ["Remote work policy: staff may work from home two days a week"],
    1536,
    "policy.pdf",
  );
  menu = await makeFile(f.a.id, kbId, ["Canteen menu: lentil soup on Mondays"], 1536, "menu.txt");
}, 300_000);
afterAll(async () => fake?.close());

const search = (who: Identity, orgId: string, body: unknown) =>
  call(ctx.app, "POST", `/api/kb/search?orgId=${orgId}`, { token: who.token, body });

describe("POST /api/kb/search", () => {
  it("a query with quotes, backslashes and SQL is searched as text in every mode; a NUL character is refused", async () => {
    for (const mode of ["hybrid", "text", "vector"]) {
      const res = await search(f.a.member, f.a.id, { knowledgeBaseId: kbId, query: "work from 'home' \\'; --", mode });
      expect(res.status).toBe(200);
      expect(res.body.results.map((r: { fileId: string }) => r.fileId)).toContain(policy);
      const nul = await search(f.a.member, f.a.id, { knowledgeBaseId: kbId, query: "work\u0000ing", mode });
      expect(nul.status).toBe(400);
      expect(nul.body.error).toBe("Text must not contain NUL characters");
    }
  });

  it("[TOOL-33] a member searches: passages with file, pages, searchType and similarityScore; the query is embedded by the KB's model", async () => {
    fake.reset();
    const res = await search(f.a.member, f.a.id, { knowledgeBaseId: kbId, query: "working from home", topK: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, query: "working from home", totalResults: 2 });
    expect(res.body.results[0]).toEqual({
      knowledgeBaseId: kbId,
      knowledgeBaseName: "Policies",
      fileId: policy,
      fileName: "policy.pdf",
      chunkIndex: 0,
      pageNumbers: [1],
      searchType: "text",
      similarityScore: 1,
      content: "Remote work policy: staff may work from home two days a week",
    });
    expect(res.body.results[1]).toMatchObject({ fileId: menu, searchType: "vector" });
    const embeds = fake.requests.filter((r) => r.path.endsWith("/embeddings"));
    expect(embeds).toHaveLength(1);
    expect(embeds[0]!.body).toMatchObject({ model: "text-embedding-3-small", input: ["working from home"] });
  });

  it("mode text asks no embedding; mode vector ranks by the embedding; topK and file filters apply", async () => {
    fake.reset();
    const text = await search(f.a.admin, f.a.id, { knowledgeBaseId: kbId, query: "lentil", mode: "text" });
    expect(text.body.results.map((r: { fileId: string }) => r.fileId)).toEqual([menu]);
    expect(fake.requests).toHaveLength(0);
    const vector = await search(f.a.admin, f.a.id, {
      knowledgeBaseId: kbId,
      query: "Canteen menu: lentil soup on Mondays",
      mode: "vector",
      topK: 1,
    });
    expect(vector.body.results).toHaveLength(1);
    expect(vector.body.results[0]).toMatchObject({ fileId: menu, searchType: "vector" });
    expect(vector.body.results[0].similarityScore).toBeCloseTo(1, 3);
    const excluded = await search(f.a.admin, f.a.id, {
      knowledgeBaseId: kbId,
      query: "policy soup",
      excludeFileIds: [menu],
    });
    expect(excluded.body.results.map((r: { fileId: string }) => r.fileId)).toEqual([policy]);
    const included = await search(f.a.admin, f.a.id, {
      knowledgeBaseId: kbId,
      query: "policy soup",
      includeFileIds: [menu],
    });
    expect(included.body.results.map((r: { fileId: string }) => r.fileId)).toEqual([menu]);
  });

  it("another organisation's knowledge base is not found (404), even by its id", async () => {
    for (const who of [f.b.admin, f.b.member]) {
      const res = await search(who, f.b.id, { knowledgeBaseId: kbId, query: "policy" });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("Knowledge base not found");
      expect(res.text).not.toContain("Remote work");
    }
    expect((await search(f.a.admin, f.a.id, { knowledgeBaseId: "not-a-uuid", query: "x" })).status).toBe(404);
  });

  it("bad input is a 400 in words", async () => {
    const cases: [unknown, string][] = [
      [{ knowledgeBaseId: kbId }, "query is required"],
      [{ knowledgeBaseId: kbId, query: "  " }, "query is required"],
      [{ query: "x" }, "knowledgeBaseId is required"],
      [{ knowledgeBaseId: kbId, query: "x", topK: 0 }, "topK must be a whole number from 1 to 50"],
      [{ knowledgeBaseId: kbId, query: "x", topK: 2.5 }, "topK must be a whole number from 1 to 50"],
      [{ knowledgeBaseId: kbId, query: "x", mode: "fuzzy" }, 'mode must be "hybrid", "vector" or "text"'],
      [{ knowledgeBaseId: kbId, query: "x", includeFileIds: "abc" }, "File ids must be a list of ids"],
    ];
    for (const [body, error] of cases) {
      const res = await search(f.a.admin, f.a.id, body);
      expect([res.status, res.body.error]).toEqual([400, error]);
    }
  });
});
