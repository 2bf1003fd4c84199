// Two import rules for src/client that ESLint's own rules cannot express (docs/layout.md):
// - `client/no-cycle`: no file may reach itself through its imports (type-only imports count: a cycle
//   of types is still two modules that cannot be understood apart). eslint-plugin-import's no-cycle
//   needs a resolver plugin for the `@/` alias and skips type imports; the client is small enough to
//   read whole.
// - `client/boundaries`: a feature folder never imports another feature, and shared code
//   (components/, lib/, api/) never imports a feature; only the entry files (router.tsx, main.tsx)
//   compose features.
// Loaded by eslint.config.js through Node's type stripping: erasable TypeScript only, no relative imports.
import fs from "node:fs";
import path from "node:path";
import type { Rule } from "eslint";
import ts from "typescript";

export interface ClientImportOptions {
  /** The client's folder; default `<cwd>/src/client`. */
  root?: string;
  /** Import prefixes and the folders they stand for; default `{ "@/": "<cwd>/src/" }`. */
  alias?: Record<string, string>;
}

interface Resolved {
  root: string;
  alias: [string, string][];
}

const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function settings(context: Rule.RuleContext): Resolved {
  const opts = (context.options[0] ?? {}) as ClientImportOptions;
  const cwd = context.cwd;
  return {
    root: path.resolve(cwd, opts.root ?? "src/client"),
    alias: Object.entries(opts.alias ?? { "@/": path.join(cwd, "src") + path.sep }),
  };
}

function isFile(file: string): boolean {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The file an import names, or null for packages and files that do not exist. */
export function resolveImport(spec: string, fromFile: string, alias: [string, string][]): string | null {
  let base: string | null = null;
  if (spec.startsWith("./") || spec.startsWith("../")) base = path.resolve(path.dirname(fromFile), spec);
  else for (const [prefix, dir] of alias) if (spec.startsWith(prefix)) base = path.join(dir, spec.slice(prefix.length));
  if (base === null) return null;
  for (const ext of EXTENSIONS) if (isFile(base + ext)) return base + ext;
  return null;
}

const inside = (dir: string, file: string) => !path.relative(dir, file).startsWith("..");

// The imports of files on disk, re-read when a file changes (one ESLint run lints many files).
const parsed = new Map<string, { mtimeMs: number; specs: string[] }>();

function specifiersOf(file: string): string[] {
  const mtimeMs = fs.statSync(file).mtimeMs;
  const cached = parsed.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached.specs;
  const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
  const specs = info.importedFiles.map((f) => f.fileName);
  parsed.set(file, { mtimeMs, specs });
  return specs;
}

function clientImports(file: string, cfg: Resolved): string[] {
  return specifiersOf(file)
    .map((spec) => resolveImport(spec, file, cfg.alias))
    .filter((f): f is string => f !== null && inside(cfg.root, f));
}

/** The shortest import path from `start` back to `target`, or null. */
function pathBack(start: string, target: string, cfg: Resolved): string[] | null {
  const cameFrom = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift()!;
    if (file === target) {
      const chain: string[] = [];
      for (let at: string | null = file; at !== null; at = cameFrom.get(at) ?? null) chain.unshift(at);
      return chain;
    }
    for (const next of clientImports(file, cfg)) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

type ImportNode = Rule.Node & { source?: { type: string; value?: unknown } | null };

/** Calls `check` with each import of the file being linted: its node, its specifier and its file. */
function eachImport(
  context: Rule.RuleContext,
  cfg: Resolved,
  check: (node: Rule.Node, spec: string, file: string) => void,
): Rule.RuleListener {
  const visit = (node: ImportNode) => {
    const source = node.source;
    if (!source || source.type !== "Literal" || typeof source.value !== "string") return;
    const file = resolveImport(source.value, context.filename, cfg.alias);
    if (file && inside(cfg.root, file)) check(node, source.value, file);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const schema = [
  {
    type: "object",
    properties: { root: { type: "string" }, alias: { type: "object", additionalProperties: { type: "string" } } },
    additionalProperties: false,
  },
];

const noCycle: Rule.RuleModule = {
  meta: {
    type: "problem",
    docs: { description: "No import cycles in src/client" },
    schema,
    messages: { cycle: "Import cycle: {{chain}}" },
  },
  create(context) {
    const cfg = settings(context);
    const self = context.filename;
    if (!inside(cfg.root, self)) return {};
    return eachImport(context, cfg, (node, _spec, file) => {
      const back = file === self ? [self] : pathBack(file, self, cfg);
      if (!back) return;
      const chain = [self, ...back].map((f) => path.relative(cfg.root, f)).join(" → ");
      context.report({ node, messageId: "cycle", data: { chain } });
    });
  },
};

/** `features/<name>` for a feature's file, "entry" for the files at the client's top, else "shared". */
export function layerOf(root: string, file: string): string {
  const parts = path.relative(root, file).split(path.sep);
  if (parts[0] === "features" && parts.length > 2) return `features/${parts[1]}`;
  return parts.length === 1 ? "entry" : "shared";
}

const boundaries: Rule.RuleModule = {
  meta: {
    type: "problem",
    docs: { description: "Client features import no other feature; shared client code imports no feature" },
    schema,
    messages: {
      crossFeature:
        "{{from}} must not import {{to}}: move what both need to src/client/api/ (server data), components/ or lib/.",
      sharedToFeature:
        "Shared client code must not import {{to}}: let the router compose features (or pass the piece in as a prop).",
    },
  },
  create(context) {
    const cfg = settings(context);
    if (!inside(cfg.root, context.filename)) return {};
    const from = layerOf(cfg.root, context.filename);
    if (from === "entry") return {};
    return eachImport(context, cfg, (node, _spec, file) => {
      const to = layerOf(cfg.root, file);
      if (!to.startsWith("features/") || to === from) return;
      context.report({ node, messageId: from === "shared" ? "sharedToFeature" : "crossFeature", data: { from, to } });
    });
  },
};

export const clientImportsPlugin = { meta: { name: "client-imports" }, rules: { "no-cycle": noCycle, boundaries } };
