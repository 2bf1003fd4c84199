import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { TOOL_CATEGORIES } from "./define-tool";
import {
  PRIVATE_TOOL_NAMES,
  groupByCategory,
  listToolMetadata,
  toolCountLabel,
  toolDefinitions,
  toolMetadata,
  toolsByName,
} from "./registry";

// The rows of the spec's catalogue table, in order ({hash} is save_acord_certificate per rulings.md).
const SPEC_TABLE = [
  "call_agent",
  "search_google",
  "scrape_url",
  "ask_web",
  "perplexity_deep_research",
  "execute_python",
  "call_api",
  "read_google_sheet",
  "append_google_sheet",
  "read_subreddit",
  "search_reddit",
  "search_tiktok",
  "search_fd_products",
  "search_snowflake",
  "snowflake_sql",
  "postgres_sql",
  "hybrid_search_pg",
  "semantic_search_pg",
  "keyword_search_pg",
  "filter_and_search_pg",
  "query_pinecone",
  "send_email",
  "search_knowledge_base",
  "get_kb_file_pages",
  "read_kb_file",
  "schedule_task",
  "generate_powerpoint",
  "save_flash_report",
  "save_chemready_bid_estimate",
  "save_acord_certificate",
  "save_whiteboard",
];

const PRIVATE = [
  "search_fd_products",
  "save_flash_report",
  "save_chemready_bid_estimate",
  "save_acord_certificate",
  "save_whiteboard",
  "get_kb_file_pages",
  "read_kb_file",
];

const names = (tools: { name: string }[]) => tools.map((t) => t.name);

describe("the tool catalogue", () => {
  it("[TOOL-01] holds exactly the 31 tools of the spec's table, in its order, each name once", () => {
    expect(names([...toolDefinitions])).toEqual(SPEC_TABLE);
    expect(new Set(SPEC_TABLE).size).toBe(31);
    expect(Object.keys(toolsByName).sort()).toEqual([...SPEC_TABLE].sort());
  });

  it("[TOOL-07] flags exactly FD products, flash report, bid estimate, ACORD certificate, whiteboard and the KB page and file readers as private", () => {
    expect([...PRIVATE_TOOL_NAMES].sort()).toEqual([...PRIVATE].sort());
    for (const def of toolDefinitions) expect(def.isPrivate, def.name).toBe(PRIVATE.includes(def.name));
    expect(toolsByName.generate_powerpoint.isPrivate).toBe(false);
  });

  it('[TOOL-43] names the ACORD certificate tool save_acord_certificate, shown as "ACORD 25 Certificate"', () => {
    expect(toolsByName.save_acord_certificate.displayName).toBe("ACORD 25 Certificate");
  });

  it("[TOOL-02] [TOOL-03] gives every tool a display name, a one-sentence description and one of the six categories", () => {
    expect(TOOL_CATEGORIES).toEqual([
      "Web & Search",
      "Data & Analytics",
      "Communication",
      "File Management",
      "Development",
      "Other",
    ]);
    for (const def of toolDefinitions) {
      expect(def.displayName.trim(), def.name).not.toBe("");
      expect(def.description, def.name).toMatch(/^[A-Z][^]*\.$/);
      expect(def.description.slice(0, -1), def.name).not.toMatch(/\.\s/);
      expect(TOOL_CATEGORIES, def.name).toContain(def.category);
    }
    expect(new Set(toolDefinitions.map((d) => d.displayName)).size).toBe(31);
  });

  it("[TOOL-04] [TOOL-05] requires Snowflake, Postgres, Pinecone or Google Sheets exactly for the tools that use them", () => {
    const needs = Object.fromEntries(
      toolDefinitions.filter((d) => d.requiredIntegration).map((d) => [d.name, d.requiredIntegration]),
    );
    expect(needs).toEqual({
      read_google_sheet: "google-sheets",
      append_google_sheet: "google-sheets",
      search_snowflake: "snowflake",
      snowflake_sql: "snowflake",
      postgres_sql: "postgres",
      hybrid_search_pg: "postgres",
      semantic_search_pg: "postgres",
      keyword_search_pg: "postgres",
      filter_and_search_pg: "postgres",
      query_pinecone: "pinecone",
    });
  });

  it("[ONB-19] [ONB-21] recommends a few generally useful public tools, including onboarding's defaults", () => {
    const recommended = names(toolDefinitions.filter((d) => d.recommended));
    expect(recommended).toEqual(expect.arrayContaining(["search_google", "scrape_url", "ask_web", "execute_python"]));
    for (const name of recommended) {
      expect(toolsByName[name].isPrivate, name).toBe(false);
      expect(toolsByName[name].requiredIntegration, name).toBeUndefined();
    }
  });

  it("describes every argument for the model, with an object schema at the top", () => {
    for (const def of toolDefinitions) {
      expect(def.input, def.name).toBeInstanceOf(z.ZodObject);
      const shape = (def.input as z.AnyZodObject).shape as Record<string, z.ZodTypeAny>;
      for (const [key, field] of Object.entries(shape)) expect(field.description, `${def.name}.${key}`).toBeTruthy();
    }
  });

  it("keeps one folder per tool, each registered, with definitions that import nothing Node- or server-only", () => {
    const here = import.meta.dirname;
    const folders = readdirSync(here).filter((f) => statSync(path.join(here, f)).isDirectory());
    expect(folders.sort()).toEqual(SPEC_TABLE.map((n) => n.replaceAll("_", "-")).sort());
    const sources = folders.flatMap((f) => readdirSync(path.join(here, f)).map((file) => path.join(here, f, file)));
    for (const file of [...sources, path.join(here, "registry.ts"), path.join(here, "define-tool.ts")]) {
      if (/\.(test|server)\.tsx?$/.test(file)) continue; // tests and server executors may use Node
      expect(readFileSync(file, "utf8"), file).not.toMatch(/from "node:|from "(fs|path|child_process)"|server\//);
    }
  });
});

describe("tool metadata for the UI", () => {
  it("[TOOL-02] strips the input schema and keeps the metadata fields", () => {
    expect(toolMetadata(toolsByName.postgres_sql)).toEqual({
      name: "postgres_sql",
      displayName: toolsByName.postgres_sql.displayName,
      description: toolsByName.postgres_sql.description,
      category: "Data & Analytics",
      isPrivate: false,
      recommended: false,
      requiredIntegration: "postgres",
    });
    expect(Object.keys(toolMetadata(toolsByName.search_google))).not.toContain("requiredIntegration");
    expect(JSON.parse(JSON.stringify(listToolMetadata({ enabledPrivateTools: [] })))).toEqual(
      listToolMetadata({ enabledPrivateTools: [] }),
    );
  });

  it("[TOOL-06] [AGENT-43] lists private tools only when the organisation enabled them", () => {
    const none = names(listToolMetadata({ enabledPrivateTools: [] }));
    expect(none).toHaveLength(24);
    for (const p of PRIVATE) expect(none).not.toContain(p);

    const some = names(listToolMetadata({ enabledPrivateTools: ["save_whiteboard", "read_kb_file", "not_a_tool"] }));
    expect(some).toHaveLength(26);
    expect(some).toEqual(expect.arrayContaining(["save_whiteboard", "read_kb_file"]));
    expect(some).not.toContain("save_flash_report");
    expect(some).not.toContain("not_a_tool");

    expect(names(listToolMetadata({ enabledPrivateTools: PRIVATE }))).toEqual(SPEC_TABLE);
  });

  it("[AGENT-25] groups tools by category in the catalogue's category order, leaving out empty categories", () => {
    const groups = groupByCategory(listToolMetadata({ enabledPrivateTools: [] }));
    expect(groups.map((g) => g.category)).toEqual(TOOL_CATEGORIES);
    expect(groups.flatMap((g) => g.tools)).toHaveLength(24);
    expect(names(groups.find((g) => g.category === "Communication")!.tools)).toEqual(["call_agent", "send_email"]);

    const picked = ["schedule_task", "send_email", "search_google", "query_pinecone"].map((n) =>
      toolMetadata(toolsByName[n]),
    );
    expect(groupByCategory(picked).map((g) => [g.category, names(g.tools)])).toEqual([
      ["Web & Search", ["search_google"]],
      ["Data & Analytics", ["query_pinecone"]],
      ["Communication", ["send_email"]],
      ["Other", ["schedule_task"]],
    ]);
    expect(groupByCategory([])).toEqual([]);
  });

  it('[AGENT-17] labels an agent\'s tool count "No tools", "1 Tool" or "N Tools"', () => {
    expect(toolCountLabel(0)).toBe("No tools");
    expect(toolCountLabel(1)).toBe("1 Tool");
    expect(toolCountLabel(2)).toBe("2 Tools");
    expect(toolCountLabel(31)).toBe("31 Tools");
  });
});
