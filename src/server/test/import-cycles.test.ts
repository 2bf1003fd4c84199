// Issue 11 §3: no two server modules import each other, directly or round a loop — neither two files
// nor two features (`auth` → `settings` → `auth` was one). A cycle fails with its path and the
// imports that make it, so the fix is to move the shared piece to the module that owns it.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { featureGraph, fileGraph, findCycles, type Graph } from "./import-graph";

const root = path.resolve(import.meta.dirname, "..");
const graphOf = (edges: Record<string, string[]>): Graph =>
  new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));

describe("import cycles", () => {
  it("issue 11: no file of src/server imports itself round a loop", () => {
    expect(findCycles(fileGraph(root)).map((c) => c.join(" → "))).toEqual([]);
  });

  it("issue 11: no feature folder of src/server imports another that imports it back", () => {
    const { graph, because } = featureGraph(fileGraph(root));
    const named = findCycles(graph).map((cycle) =>
      cycle
        .slice(1)
        .map((to, i) => `${cycle[i]} → ${to} (${because.get(`${cycle[i]} → ${to}`)!.join(", ")})`)
        .join("; "),
    );
    expect(named).toEqual([]);
  });

  it("issue 11: a cycle is found and named by its path", () => {
    expect(findCycles(graphOf({ auth: ["settings", "db"], settings: ["auth"], db: [] }))).toEqual([
      ["auth", "settings", "auth"],
    ]);
    expect(findCycles(graphOf({ a: ["b"], b: ["c"], c: ["a"] }))).toEqual([["a", "b", "c", "a"]]);
    const files = graphOf({
      "auth/context.ts": ["settings/api-keys.ts"],
      "settings/routes.ts": ["auth/context.ts"],
      "settings/api-keys.ts": [],
    });
    expect(featureGraph(files).because.get("auth → settings")).toEqual(["auth/context.ts → settings/api-keys.ts"]);
    expect(findCycles(featureGraph(files).graph)).toEqual([["auth", "settings", "auth"]]);
    expect(findCycles(graphOf({ a: ["b"], b: [] }))).toEqual([]);
  });
});
