// Tool name → server executor. Each tool folder's execute.server.ts exports `execute` (tools not built
// yet export notAvailableYet, so the model never receives a fake success). They are found from the
// definitions in registry.ts: adding a tool touches its folder and that one list. esbuild bundles every
// file the import pattern below matches (each its own chunk); tsx and Vitest resolve it at run time.
// A tool's module (and the packages it brings) loads with the tool's first call, not at start (decision
// 113: the 31 modules were ~20 ms of every start and their memory stayed in servers that never call them).
import { toolDefinitions } from "./registry";
import type { ToolDefinition } from "./define-tool";
import { withTimeout, type ToolExecutor } from "./executor.server";

// Each entry takes its own tool's input, which a single ToolExecutor<D> cannot express.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Executors = Partial<Record<string, ToolExecutor<any>>>;

/** The tool's own time limit (TOOLCARD-16), when its definition sets one. */
export function withToolTimeout(def: Pick<ToolDefinition, "name" | "timeoutMs">, executor: ToolExecutor): ToolExecutor {
  return def.timeoutMs ? withTimeout(def.name, def.timeoutMs, executor) : executor;
}

const modules = new Map<string, Promise<ToolExecutor>>();

/** The `execute` of a tool's folder, imported once (a failed import is tried again at the next call). */
export function loadToolExecutor(def: Pick<ToolDefinition, "name">): Promise<ToolExecutor> {
  let loading = modules.get(def.name);
  if (!loading) {
    const folder = def.name.replaceAll("_", "-");
    loading = import(`./${folder}/execute.server.ts`).then((mod: { execute?: ToolExecutor }) => {
      if (typeof mod.execute !== "function")
        throw new Error(`src/tools/${folder}/execute.server.ts must export execute`);
      return mod.execute;
    });
    loading.catch(() => modules.delete(def.name));
    modules.set(def.name, loading);
  }
  return loading;
}

export const toolExecutors: Executors = Object.fromEntries(
  toolDefinitions.map((def) => [
    def.name,
    withToolTimeout(def, async (input, ctx) => (await loadToolExecutor(def))(input, ctx)),
  ]),
);
