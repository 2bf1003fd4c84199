// search_knowledge_base against real data: only the knowledge bases in the agent's
// accessibleKnowledgeBaseIds and the caller's organisation are searched (TOOL-32, TOOL-33).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeProvider, type FakeProvider } from "../../../e2e/support/fake-provider";
import { getTestContext } from "../../server/test/context";
import { connectOpenAI } from "../../server/test/seed";
import { createTenancyFixture, type TenancyFixture } from "../../server/test/tenancy-fixture";
import { createKb } from "../../server/kb/test-support";
import { makeFile } from "../../server/kb/index/test-fixture";
import type { ToolContext } from "../executor.server";
import { searchKnowledgeBase } from "./definition";
import { NOT_ACCESSIBLE, NO_KNOWLEDGE_BASES, execute } from "./execute.server";
import { searchKnowledgeBaseResult } from "./result";

let f: TenancyFixture;
let fake: FakeProvider;
let open: string;
let closed: string;
let foreign: string;

beforeAll(async () => {
  fake = await startFakeProvider();
  process.env.OPENAI_BASE_URL = `${fake.url}/v1`;
  const ctx = await getTestContext();
  f = await createTenancyFixture(ctx.app);
  await connectOpenAI(ctx.app, f.a.admin, f.a.id);
  await connectOpenAI(ctx.app, f.b.admin, f.b.id);
  open = (await createKb(ctx.app, f.a.admin, f.a.id, { name: "Open KB" })).id;
  closed = (await createKb(ctx.app, f.a.admin, f.a.id, { name: "Closed KB" })).id;
  foreign = (await createKb(ctx.app, f.b.admin, f.b.id, { name: "B's KB" })).id;
  await makeFile(f.a.id, open, ["Expense reports are due on the fifth of each month"], 1536, "expenses.pdf");
  await makeFile(f.a.id, closed, ["Expense secrets of the board"], 1536, "board.txt");
  await makeFile(f.b.id, foreign, ["Expense rules of organisation B"], 1536, "b.txt");
}, 300_000);
afterAll(async () => fake?.close());

const run = (args: Record<string, unknown>, accessible: unknown[], orgId = f.a.id) =>
  execute(searchKnowledgeBase.input.parse(args), {
    orgId,
    abortSignal: new AbortController().signal,
    toolConfig: { accessibleKnowledgeBaseIds: accessible },
  } as unknown as ToolContext);

describe("search_knowledge_base", () => {
  it("[TOOL-32] [TOOL-33] searches the accessible knowledge bases: results, totalResults and query in the spec's shape", async () => {
    const res = await run({ query: "expense reports" }, [open]);
    expect(res.status).toBe("success");
    const parsed = searchKnowledgeBaseResult.parse(res);
    expect(parsed.query).toBe("expense reports");
    expect(parsed.totalResults).toBe(1);
    expect(parsed.results[0]).toMatchObject({
      knowledgeBaseName: "Open KB",
      fileName: "expenses.pdf",
      pageNumbers: [1],
      searchType: "text",
      content: "Expense reports are due on the fifth of each month",
    });
    expect(parsed.results[0]!.similarityScore).toBeGreaterThan(0);
    expect(parsed.results[0]!.similarityScore).toBeLessThanOrEqual(1);
  });

  it("[TOOL-32] top_k defaults to 10 and bounds the results", async () => {
    expect(searchKnowledgeBase.input.parse({ query: "x" }).top_k).toBe(10);
    const res = await run({ query: "expense", top_k: 1 }, [open, closed]);
    expect((res as unknown as { results: unknown[] }).results).toHaveLength(1);
  });

  it("[TOOL-32] ignores knowledge bases outside accessibleKnowledgeBaseIds and other organisations' ones", async () => {
    const all = await run({ query: "expense" }, [open]);
    expect(JSON.stringify(all)).not.toContain("board");
    const asked = await run({ query: "expense", knowledge_base_id: closed }, [open]);
    expect(asked).toEqual({ status: "error", error: NOT_ACCESSIBLE(closed) });
    const foreignAsked = await run({ query: "expense", knowledge_base_id: foreign }, [open, foreign]);
    expect(foreignAsked).toEqual({ status: "error", error: NOT_ACCESSIBLE(foreign) });
    const foreignListed = await run({ query: "expense" }, [open, foreign]);
    expect(JSON.stringify(foreignListed)).not.toContain("organisation B");
    expect(await run({ query: "expense" }, [])).toEqual({ status: "error", error: NO_KNOWLEDGE_BASES });
    expect(await run({ query: "expense" }, [foreign])).toEqual({ status: "error", error: NO_KNOWLEDGE_BASES });
  });

  it("[TOOL-32] include_file_ids and exclude_file_ids narrow the files searched", async () => {
    const none = await run({ query: "expense", exclude_file_ids: [] }, [open, closed]);
    expect((none as unknown as { totalResults: number }).totalResults).toBe(2);
    const board = JSON.parse(JSON.stringify(none)).results.find(
      (r: { fileName: string }) => r.fileName === "board.txt",
    );
    const excluded = await run({ query: "expense", exclude_file_ids: [board.fileId] }, [open, closed]);
    expect(JSON.stringify(excluded)).not.toContain("board.txt");
    const included = await run({ query: "expense", include_file_ids: [board.fileId] }, [open, closed]);
    expect((included as unknown as { results: { fileName: string }[] }).results.map((r) => r.fileName)).toEqual([
      "board.txt",
    ]);
  });
});
