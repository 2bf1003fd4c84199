// The server's import graph, read from the import lines of src/server (regex, no compiler: the
// graph only needs relative specifiers). `import type` is left out — it vanishes at run time — and
// so is test support (tests, tenancy cases, fixtures, the test/ harness), which may reach anywhere.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export type Graph = Map<string, Set<string>>;

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^;]*?\sfrom\s+)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;
const TEST_SUPPORT =
  /\.test\.ts$|\.d\.ts$|(^|\/)tenancy-cases\.ts$|test-support\.ts$|test-documents\.ts$|\.fixture\.ts$|^test\/|(^|\/)fixtures\//;

function resolve(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, base.replace(/\.js$/, ".ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** File → the files under `root` it imports at run time; keys and values relative to `root`. */
export function fileGraph(root: string): Graph {
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
    (f) => f.endsWith(".ts") && !TEST_SUPPORT.test(f),
  );
  const graph: Graph = new Map();
  for (const file of files) {
    const abs = path.join(root, file);
    const targets = new Set<string>();
    for (const m of readFileSync(abs, "utf8").matchAll(IMPORT)) {
      const spec = m[2] ?? m[3]!;
      if (m[1] || !spec.startsWith(".")) continue;
      const target = resolve(abs, spec);
      if (target?.startsWith(root + path.sep)) targets.add(path.relative(root, target));
    }
    graph.set(file, targets);
  }
  return graph;
}

/** A file's feature: its first folder (`agents/queries.ts` → `agents`), or the file itself at the top. */
export const featureOf = (file: string) => (file.includes("/") ? file.split("/")[0]! : file.replace(/\.ts$/, ""));

/** The same graph between features, each edge with the file imports behind it. */
export function featureGraph(files: Graph): { graph: Graph; because: Map<string, string[]> } {
  const graph: Graph = new Map();
  const because = new Map<string, string[]>();
  for (const [from, targets] of files) {
    for (const to of targets) {
      const [a, b] = [featureOf(from), featureOf(to)];
      if (a === b) continue;
      if (!graph.has(a)) graph.set(a, new Set());
      graph.get(a)!.add(b);
      because.set(`${a} → ${b}`, [...(because.get(`${a} → ${b}`) ?? []), `${from} → ${to}`]);
    }
  }
  return { graph, because };
}

/** The cycles a depth-first walk meets (one per edge closing a loop), each as its path: ["a", "b", "a"]. */
export function findCycles(graph: Graph): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}
