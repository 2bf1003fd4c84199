// The tenancy harness's case for POST /api/kb/search: organisation A's passage must not reach B.
import { connectOpenAI } from "../../test/seed";
import type { TenancyCases } from "../../test/tenancy-types";
import { createKb } from "../test-support";
import { makeFile } from "./test-fixture";

let kbId = "";

export const kbSearchTenancyCases: TenancyCases = {
  "POST /api/kb/search": {
    seed: async (ctx, a) => {
      await connectOpenAI(ctx.app, a.admin, a.id);
      kbId = (await createKb(ctx.app, a.admin, a.id, { name: "tenant-a-kb-search" })).id;
      await makeFile(a.id, kbId, ["tenant-a-kb-passage about quarterly figures"], 1536, "tenant-a-kb-file.txt");
      return ["tenant-a-kb-passage", "tenant-a-kb-file.txt"];
    },
    attacks: (f) =>
      (["text", "hybrid"] as const).flatMap((mode) => [
        {
          method: "POST",
          path: `/api/kb/search?orgId=${f.a.id}`,
          body: { knowledgeBaseId: kbId, query: "quarterly", mode },
        },
        {
          method: "POST",
          path: `/api/kb/search?orgId=${f.b.id}`,
          body: { knowledgeBaseId: kbId, query: "quarterly", mode },
        },
        { method: "POST", path: "/api/kb/search", body: { knowledgeBaseId: kbId, query: "quarterly", mode } },
      ]),
    control: (f) => ({
      method: "POST",
      path: `/api/kb/search?orgId=${f.a.id}`,
      body: { knowledgeBaseId: kbId, query: "quarterly", mode: "text" },
      as: "member",
    }),
  },
};
