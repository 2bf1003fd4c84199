// read_kb_file against real data: paging through a file's chunks with offset, limit and max_chars, and
// only files of the knowledge bases in the agent's accessibleKnowledgeBaseIds, in the caller's
// organisation (TOOL-36, TOOL-37).
import { beforeAll, describe, expect, it } from "vitest";
import { getTestContext } from "../../server/test/context";
import { makeKb, makeOrg } from "../../server/kb/index/test-fixture";
import { makeReadableFile } from "../../server/kb/read/test-fixture";
import type { ToolContext } from "../executor.server";
import { readKbFile } from "./definition";
import { FILE_NOT_FOUND, NOT_INDEXED, NO_KNOWLEDGE_BASES, PAST_THE_END, execute } from "./execute.server";
import { readKbFileResult } from "./result";

let orgA: string;
let orgB: string;
let open: string;
let closed: string;
let foreign: string;
let manual: string;
let secret: string;
let theirs: string;
const chunks = Array.from({ length: 12 }, (_, i) => `Section ${i}: ${"word ".repeat(20 + i)}`.trim());

beforeAll(async () => {
  await getTestContext();
  orgA = await makeOrg();
  orgB = await makeOrg();
  open = await makeKb(orgA, 1536, "Policies");
  closed = await makeKb(orgA, 1536, "Board");
  foreign = await makeKb(orgB, 1536, "B's KB");
  manual = (await makeReadableFile(orgA, open, { name: "manual.pdf", chunks })).id;
  secret = (await makeReadableFile(orgA, closed, { name: "minutes.txt", chunks: ["Board secrets"] })).id;
  theirs = (await makeReadableFile(orgB, foreign, { name: "b.txt", chunks: ["Organisation B's rules"] })).id;
}, 300_000);

const run = (args: Record<string, unknown>, accessible: unknown[] = [open], orgId = orgA) =>
  execute(readKbFile.input.parse(args), {
    orgId,
    abortSignal: new AbortController().signal,
    toolConfig: { accessibleKnowledgeBaseIds: accessible },
  } as unknown as ToolContext);

describe("read_kb_file", () => {
  it("[TOOL-36] takes file_id with offset 0, limit 5 chunks and max_chars 50000 by default", () => {
    expect(readKbFile.input.parse({ file_id: "f" })).toEqual({ file_id: "f", offset: 0, limit: 5, max_chars: 50_000 });
    expect(readKbFile.isPrivate).toBe(true);
    expect(readKbFile.input.safeParse({ file_id: "f", limit: 0 }).success).toBe(false);
    expect(readKbFile.input.safeParse({ file_id: "f", offset: -1 }).success).toBe(false);
  });

  it("[TOOL-36] [TOOL-37] reads the first 5 chunks in order: file, text, chunksReturned, nextOffset, truncatedChunks", async () => {
    const res = await run({ file_id: manual });
    expect(res.status).toBe("success");
    const r = readKbFileResult.parse(res);
    expect(r.file).toEqual({ fileName: "manual.pdf", knowledgeBaseName: "Policies", totalChunks: 12 });
    expect(r.chunksReturned).toBe(5);
    expect(r.nextOffset).toBe(5);
    expect(r.truncatedChunks).toBe(0);
    for (let i = 0; i < 5; i++) expect(r.text).toContain(`[Chunk ${i}, page ${i + 1}]\n${chunks[i]}`);
    expect(r.text).not.toContain("Section 5");
    expect(r.text.indexOf("Section 0")).toBeLessThan(r.text.indexOf("Section 4"));
  });

  it("[TOOL-37] pages through the file with nextOffset until it is null at the end", async () => {
    const seen: string[] = [];
    let offset: number | null = 0;
    let calls = 0;
    while (offset !== null) {
      const r = readKbFileResult.parse(await run({ file_id: manual, offset, limit: 5 }));
      seen.push(r.text);
      offset = r.nextOffset;
      calls++;
    }
    expect(calls).toBe(3);
    const all = seen.join("\n\n");
    for (const c of chunks) expect(all).toContain(c);
    const last = readKbFileResult.parse(await run({ file_id: manual, offset: 10, limit: 5 }));
    expect(last).toMatchObject({ chunksReturned: 2, nextOffset: null });
    expect(await run({ file_id: manual, offset: 12 })).toEqual({ status: "error", error: PAST_THE_END(12, 12) });
  });

  it("[TOOL-37] max_chars bounds the text; chunks cut to fit are counted in truncatedChunks", async () => {
    const r = readKbFileResult.parse(await run({ file_id: manual, limit: 4, max_chars: 300 }));
    expect(r.text.length).toBeLessThanOrEqual(300);
    expect(r.chunksReturned).toBe(4);
    expect(r.truncatedChunks).toBe(4);
    expect(r.nextOffset).toBe(4);
    expect(r.text).toContain("[Chunk 3, page 4]\nSection 3");
    // Short chunks keep their text; the longer one takes what they leave and is the only one cut.
    const mixed = await makeReadableFile(orgA, open, {
      name: "mixed.txt",
      chunks: ["Short one.", "Long ".repeat(200)],
    });
    const tight = readKbFileResult.parse(await run({ file_id: mixed.id, max_chars: 500 }));
    expect(tight.text.length).toBe(500);
    expect(tight).toMatchObject({ chunksReturned: 2, truncatedChunks: 1, nextOffset: null });
    expect(tight.text).toContain("[Chunk 0, page 1]\nShort one.");
    expect(tight.text.endsWith("…")).toBe(true);
  });

  it("[TOOL-36] reaches only files of the accessible knowledge bases in the caller's organisation", async () => {
    expect(await run({ file_id: secret })).toEqual({ status: "error", error: FILE_NOT_FOUND(secret) });
    expect(await run({ file_id: theirs }, [open, foreign])).toEqual({ status: "error", error: FILE_NOT_FOUND(theirs) });
    // Organisation B's agent naming A's knowledge base still cannot read A's file.
    expect(await run({ file_id: manual }, [open], orgB)).toEqual({ status: "error", error: FILE_NOT_FOUND(manual) });
    expect(await run({ file_id: "not-a-uuid" })).toEqual({ status: "error", error: FILE_NOT_FOUND("not-a-uuid") });
    expect(await run({ file_id: manual }, [])).toEqual({ status: "error", error: NO_KNOWLEDGE_BASES });
    const own = await run({ file_id: secret }, [closed]);
    expect(JSON.stringify(own)).toContain("Board secrets");
  });

  it("[TOOL-36] a file still processing is refused with its status", async () => {
    const pending = await makeReadableFile(orgA, open, { name: "new.docx", chunks: [], status: "processing" });
    expect(await run({ file_id: pending.id })).toEqual({
      status: "error",
      error: NOT_INDEXED("new.docx", "processing", null),
    });
  });
});
