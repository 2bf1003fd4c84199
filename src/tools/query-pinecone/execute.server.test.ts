// query_pinecone against a loopback stand-in of a Pinecone index's data plane (e2e/support/fake-pinecone.ts)
// with the official client unchanged: the query embedded by the organisation's default embedding model
// (the fake provider's OpenAI embeddings), namespace and top_k passed through, matches with score and
// metadata; and everything that must fail with a clear reason.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { startFakePinecone, type FakePinecone } from "../../../e2e/support/fake-pinecone";
import { getTestContext, type TestContext } from "../../server/test/context";
import { call, type Identity } from "../../server/test/http";
import { connectOpenAI } from "../../server/test/seed";
import { createTenancyFixture, type TenancyFixture } from "../../server/test/tenancy-fixture";
import { FORBIDDEN_ADDRESS_MESSAGE, setOutboundAllowList } from "../../server/net/outbound-guard";
import { statusLine } from "../../client/features/chat/messages/tool-status";
import type { ToolContext } from "../executor.server";
import { queryPinecone } from "./definition";
import { KEY_REJECTED, NOT_CONNECTED, NO_EMBEDDING_MODEL, execute } from "./execute.server";
import { queryPineconeResult } from "./result";

const KEY = "pcsk_test_key_a";
let ctx: TestContext;
let f: TenancyFixture;
let fake: FakeProvider;
let index: FakePinecone;
let other: FakePinecone;

const records = {
  "": [
    {
      id: "faq-1",
      text: "Refunds are issued within 14 days of a return",
      metadata: { title: "Refund policy", page: 3 },
    },
    { id: "faq-2", text: "Shipping to Canada takes five business days", metadata: { title: "Shipping" } },
    { id: "faq-3", text: "Gift cards never expire", metadata: { title: "Gift cards" } },
    ...Array.from({ length: 12 }, (_, i) => ({ id: `filler-${i}`, text: `unrelated filler record ${i}` })),
  ],
  "products-en": [{ id: "sku-7", text: "Trail running shoe with refund guarantee", metadata: { sku: "TR-7" } }],
};

const connect = (who: Identity, orgId: string, data: Record<string, string>) =>
  call(ctx.app, "POST", `/api/updateConnections?orgId=${orgId}`, {
    token: who.token,
    body: { action: "create", key: "pinecone", data },
  });
const setEmbedding = (who: Identity, orgId: string, data: string | null) =>
  call(ctx.app, "POST", `/api/updateModelPreferences?orgId=${orgId}`, {
    token: who.token,
    body: { action: "set_default", key: "embedding", data },
  });
const run = (args: Record<string, unknown>, orgId = f.a.id) =>
  execute(queryPinecone.input.parse(args), { orgId, abortSignal: new AbortController().signal } as ToolContext);

beforeAll(async () => {
  fake = await startFakeProvider();
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  index = await startFakePinecone({ apiKey: KEY, namespaces: records });
  other = await startFakePinecone({ apiKey: "pcsk_b", namespaces: { "": [{ id: "b-secret", text: "Refunds of B" }] } });
  ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  setOutboundAllowList(["127.0.0.1"]);
  for (const [org, host, key] of [
    [f.a, index.host, KEY],
    [f.b, other.host, "pcsk_b"],
  ] as const) {
    await connectOpenAI(ctx.app, org.admin, org.id);
    expect((await setEmbedding(org.admin, org.id, "openai:text-embedding-3-small")).status).toBe(200);
    const res = await connect(org.admin, org.id, { api_key: key, host });
    expect(res.status, res.text).toBe(200);
  }
}, 120_000);
afterAll(async () => {
  setOutboundAllowList([]);
  await Promise.all([fake?.close(), index?.close(), other?.close()]);
});

describe("query_pinecone", () => {
  it("[TOOL-29] embeds the query with the default embedding model and returns the closest matches with score and metadata", async () => {
    const before = fake.requests.filter((r) => r.path.endsWith("/embeddings")).length;
    const res = await run({ query: "how long do refunds take" });
    expect(res.status).toBe("success");
    const parsed = queryPineconeResult.parse(res);
    expect(parsed.matches).toHaveLength(5); // top_k defaults to 5
    expect(parsed.matches[0]).toEqual({
      id: "faq-1",
      score: expect.any(Number),
      metadata: { title: "Refund policy", page: 3 },
    });
    expect(parsed.matches[0]!.score).toBeGreaterThan(parsed.matches[1]!.score);
    // The embedding came from the organisation's default model; the index got that vector.
    const embeds = fake.requests.filter((r) => r.path.endsWith("/embeddings"));
    expect(embeds.length).toBe(before + 1);
    expect(embeds.at(-1)!.body).toMatchObject({ model: "text-embedding-3-small", input: ["how long do refunds take"] });
    const sent = index.requests.at(-1)!;
    expect(sent.headers["api-key"]).toBe(KEY);
    expect(sent.headers["x-pinecone-api-version"]).toMatch(/^\d{4}-\d{2}$/);
    expect(sent.body).toMatchObject({ topK: 5, includeMetadata: true });
    expect(sent.body.vector).toHaveLength(1536);
    expect(sent.body.includeValues ?? false).toBe(false);
  });

  it("[TOOL-29] passes namespace and top_k through; top_k is bounded 1 to 100 with a default of 5", async () => {
    const ns = queryPineconeResult.parse(await run({ query: "refund", namespace: "products-en", top_k: 3 }));
    expect(ns.matches.map((m) => m.id)).toEqual(["sku-7"]);
    expect(index.requests.at(-1)!.body).toMatchObject({ namespace: "products-en", topK: 3 });
    const one = queryPineconeResult.parse(await run({ query: "gift cards", top_k: 1 }));
    expect(one.matches.map((m) => m.id)).toEqual(["faq-3"]);
    const hundred = queryPineconeResult.parse(await run({ query: "refund", top_k: 100 }));
    expect(hundred.matches).toHaveLength(records[""].length);
    expect(queryPinecone.input.parse({ query: "x" }).top_k).toBe(5);
    for (const bad of [
      { query: "x", top_k: 0 },
      { query: "x", top_k: 101 },
      { query: "x", top_k: 2.5 },
      { query: " " },
    ])
      expect(queryPinecone.input.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it("[TOOL-04] an organisation without the Pinecone integration gets an error naming it", async () => {
    const g = await createTenancyFixture(ctx.app);
    expect(await run({ query: "refund" }, g.a.id)).toEqual({ status: "error", error: NOT_CONNECTED });
    expect(NOT_CONNECTED).toContain("Pinecone is not connected");
  });

  it("[TOOL-29] without a default embedding model the error says where to choose one", async () => {
    const g = await createTenancyFixture(ctx.app);
    await connect(g.a.admin, g.a.id, { api_key: KEY, host: index.host });
    expect(await run({ query: "refund" }, g.a.id)).toEqual({ status: "error", error: NO_EMBEDDING_MODEL });
  });

  it("[TOOLCARD-36] a rejected API key (401) reads as such, and the card says Error searching Query Pinecone: …", async () => {
    const g = await createTenancyFixture(ctx.app);
    await connectOpenAI(ctx.app, g.a.admin, g.a.id);
    await setEmbedding(g.a.admin, g.a.id, "openai:text-embedding-3-small");
    await connect(g.a.admin, g.a.id, { api_key: "pcsk_wrong", host: index.host });
    const res = await run({ query: "refund" }, g.a.id);
    expect(res).toEqual({ status: "error", error: KEY_REJECTED });
    expect(index.requests.at(-1)!.headers["api-key"]).toBe("pcsk_wrong");
    expect(statusLine("query_pinecone", { query: "refund" }, "error", res)).toBe(
      `Error searching Query Pinecone: ${KEY_REJECTED}`,
    );
    expect(statusLine("query_pinecone", {}, "error", { status: "error" })).toBe(
      "Error searching Query Pinecone: Unknown error",
    );
  });

  it("[TOOLCARD-36] the index's own refusal (a dimension it does not hold) reaches the model", async () => {
    const small = await startFakePinecone({ apiKey: KEY, dimension: 8, namespaces: records });
    try {
      const g = await createTenancyFixture(ctx.app);
      await connectOpenAI(ctx.app, g.a.admin, g.a.id);
      await setEmbedding(g.a.admin, g.a.id, "openai:text-embedding-3-small");
      await connect(g.a.admin, g.a.id, { api_key: KEY, host: small.host });
      const res = (await run({ query: "refund" }, g.a.id)) as { status: string; error: string };
      expect(res.status).toBe("error");
      expect(res.error).toContain("Vector dimension 1536 does not match the dimension of the index 8");
    } finally {
      await small.close();
    }
  });

  it("tenancy: each organisation queries only its own index with its own key", async () => {
    const a = JSON.stringify(await run({ query: "refunds" }));
    expect(a).not.toContain("b-secret");
    const b = queryPineconeResult.parse(await run({ query: "refunds" }, f.b.id));
    expect(b.matches.map((m) => m.id)).toEqual(["b-secret"]);
    expect(other.requests.every((r) => r.headers["api-key"] === "pcsk_b")).toBe(true);
    expect(index.requests.every((r) => r.headers["api-key"] !== "pcsk_b")).toBe(true);
  });

  it("the index host goes through the outbound guard: loopback is refused unless the operator allows it", async () => {
    setOutboundAllowList([]);
    try {
      const seen = index.requests.length;
      const res = (await run({ query: "refund" })) as { status: string; error: string };
      expect(res.status).toBe("error");
      expect(res.error).toContain(FORBIDDEN_ADDRESS_MESSAGE);
      expect(index.requests.length).toBe(seen);
    } finally {
      setOutboundAllowList(["127.0.0.1"]);
    }
  });
});
